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
    /// Starts as `started`, so a run on a terminal shorter than 100 ms draws at most its end —
    /// unless `eager` (`--progress` asked for it): then the first update draws.
    private var lastDrawn: UInt64
    private var shown = false

    init(_ label: String, terminal: Terminal, eager: Bool = false) {
        self.label = label
        self.terminal = terminal
        lastDrawn = eager ? 0 : started
    }

    /// Whether a run shows one: `--progress` forces it, `--no-progress` stops it, else a terminal.
    static func wanted(force: Bool, suppress: Bool, terminal: Terminal) -> Bool {
        !suppress && (force || terminal.errorIsTerminal)
    }

    /// Redraws when 100 ms have passed since the last drawing (and at the last unit).
    func update(done: Int, of total: Int, unit: String, events: Int) {
        update(
            "\(Self.grouped(done)) of \(Self.grouped(total)) \(unit)",
            fraction: total > 0 ? Double(done) / Double(total) : nil, items: events,
            itemUnit: "events", final: done == total)
    }

    /// The general form: `status` (what is done, of what), the share done for the ETA (nil when
    /// unknown), and a count whose rate is shown (`events`, `lines`, `files`; itself too unless the
    /// status already shows it). Drawn at most every 100 ms, and always when `final`; `status` is
    /// built only when drawn.
    func update(
        _ status: @autoclosure () -> String, fraction: Double?, items: Int, itemUnit: String, final: Bool = false,
        countShown: Bool = false
    ) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now >= lastDrawn + 100_000_000 || final else { return }
        lastDrawn = now
        let seconds = Double(now - started) / 1e9
        var text = "\(label): \(status())" + (countShown ? "" : " · \(Self.grouped(items)) \(itemUnit)")
        if seconds > 0 { text += " · \(Self.grouped(Int(Double(items) / seconds))) \(itemUnit)/s" }
        text += " · \(Self.clock(seconds)) elapsed"
        if let fraction, fraction > 0, fraction < 1 {
            text += " · ETA \(Self.clock(seconds / fraction * (1 - fraction)))"
        }
        terminal.writeErr("\r" + text + "\u{1B}[K")
        shown = true
    }

    /// A byte count as a person reads it: 812 KB, 4.5 GB.
    static func bytes(_ count: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) bytes" : String(format: value < 10 ? "%.1f" : "%.0f", value) + " " + units[unit]
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
            ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
