namespace Fake {
	// café: Latin-1, not UTF-8
	interface A {}
}
