import Dispatch
import Foundation
import TrackctlModel

/// One live status line on stderr for a long run — done of total, events, rate, elapsed, ETA —
/// redrawn in place at most 10 times a second and cleared at the end, as `swift build` and k6
/// show theirs. Shown when stderr is a terminal (or with `--progress`); never otherwise, so CI
/// logs stay clean. A message written meanwhile clears the line first (`clear()`).
///
/// Reads the wall clock, for display only: nothing it shows reaches the output.
final class ProgressLine {
    private let terminal: Terminal
    private let label: String
    private let started = DispatchTime.now().uptimeNanoseconds
    /// Starts as `started`: a run shorter than 100 ms draws once, at its end, with no guess of an ETA.
    private var lastDrawn: UInt64
    private var shown = false

    init(_ label: String, terminal: Terminal) {
        self.label = label
        self.terminal = terminal
        lastDrawn = started
    }

    /// Whether a run shows one: `--progress` forces it, `--no-progress` stops it, else a terminal.
    static func wanted(force: Bool, suppress: Bool, terminal: Terminal) -> Bool {
        !suppress && (force || terminal.errorIsTerminal)
    }

    /// Redraws when 100 ms have passed since the last drawing (and at the last unit).
    func update(done: Int, of total: Int, unit: String, events: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now >= lastDrawn + 100_000_000 || done == total else { return }
        lastDrawn = now
        let seconds = Double(now - started) / 1e9
        var text = "\(label): \(Self.grouped(done)) of \(Self.grouped(total)) \(unit) · \(Self.grouped(events)) events"
        if seconds > 0 { text += " · \(Self.grouped(Int(Double(events) / seconds))) events/s" }
        text += " · \(Self.clock(seconds)) elapsed"
        if done > 0, done < total { text += " · ETA \(Self.clock(seconds / Double(done) * Double(total - done)))" }
        terminal.writeErr("\r" + text + "\u{1B}[K")
        shown = true
    }

    /// Removes the line, before a message or at the end.
    func clear() {
        guard shown else { return }
        terminal.writeErr("\r\u{1B}[K")
        shown = false
    }

    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.reversed().enumerated() {
            if index > 0, index % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return String(result.reversed())
    }

    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 3600
            ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60) : String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
