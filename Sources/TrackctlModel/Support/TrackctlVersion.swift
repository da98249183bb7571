/// The version of trackctl, shown by `--version` and in events' `context.library.version`.
public enum TrackctlVersion {
    public static let current = "0.2.0"
}
