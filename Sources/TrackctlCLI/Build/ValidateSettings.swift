import Foundation
import TrackctlModel

extension ValidateCommand.Options {
    /// The options with `--settings FILE` read in (SPEC §15): `trackctl.json`'s SPOC and plan
    /// where the command line names none, its catalogs and sources before the command line's,
    /// its module where `--module` is not given, and `strict` if either says so. The build
    /// plugin's command names the file, not its values, so an edited file takes effect on the
    /// next build. A file that cannot be read or used is bad input (exit 2), located on it.
    /// Read once: the result keeps `settings`, for the stamp's fingerprint.
    func readingSettings() throws(DocumentError) -> Self {
        guard let file = settings else { return self }
        let bytes = try FileInput.readAll(path: file, reportedAs: file)
        let parsed: TrackctlSettings
        do {
            parsed = try TrackctlSettings.parse(
                Data(bytes), file: file, fileExists: { FileManager.default.fileExists(atPath: $0) })
        } catch let error as SettingsError {
            throw DocumentError(file: error.file, message: error.message)
        } catch {
            throw DocumentError(file: file, message: "cannot be used: \(error)")
        }
        var resolved = self
        resolved.config = config ?? parsed.config
        resolved.plan = plan ?? parsed.plan
        resolved.inputs.catalogs = parsed.catalogs + inputs.catalogs
        resolved.inputs.sources = (parsed.sources ?? []) + inputs.sources
        resolved.inputs.module = inputs.module ?? parsed.module
        resolved.strict = strict || parsed.strict
        return resolved
    }
}
