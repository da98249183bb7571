/// The Segment HTTP API's size limits (SPEC §6.1): what the HTTP sink never sends and what
/// `collect` refuses, declared once so the two sides agree.
public enum SegmentLimits {
    /// The most calls in one `/v1/batch` request.
    public static let maximumBatchEvents = 2500
    /// The largest `/v1/batch` body, in bytes.
    public static let maximumBatchBytes = 512_000
    /// The largest single call, in bytes.
    public static let maximumEventBytes = 32_768
}
