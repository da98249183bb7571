/// Extended in VideoPlayer.swift with a nested view controller.
enum Settings {}
