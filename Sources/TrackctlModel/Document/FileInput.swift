import Foundation

/// Reads a whole file or standard input into memory, turning every OS error into a located,
/// human message (missing file, a directory, permissions, too large).
package enum FileInput {
    /// Why a file could not be read, in words for a message.
    package struct Problem: Error {
        package var message: String
        /// The system's error number when a call failed (nil: the file is over the limit).
        var errorNumber: Int32?
    }

    /// A whole file read with plain system calls (no Foundation on the per-file path of a scan
    /// of thousands of files); refuses files over `limit` bytes.
    package static func readSource(path: String, limit: Int) -> Result<[UInt8], Problem> {
        let descriptor = Platform.open(path, Platform.readOnly)
        guard descriptor >= 0 else {
            return .failure(
                Problem(message: "cannot be read (\(Platform.lastErrorMessage))", errorNumber: Platform.errorNumber))
        }
        defer { Platform.close(descriptor) }
        let size = Int(Platform.fileSize(descriptor) ?? 0)
        guard size <= limit else {
            return .failure(
                Problem(message: "is \(size / 1_048_576) MB, over the \(limit / 1_048_576) MB read for a source file"))
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while true {
            if filled == bytes.count {
                // Larger than its size said (a file growing while read): read on, up to the limit.
                guard bytes.count < limit else {
                    return .failure(Problem(message: "is over the \(limit / 1_048_576) MB read for a source file"))
                }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes {
                // Not nil: the buffer was just grown by at least 4,096 bytes.
                // swift-format-ignore: NeverForceUnwrap
                Platform.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
            }
            if count < 0 {
                if Platform.errorNumber == Platform.interrupted { continue }
                return .failure(
                    Problem(message: "cannot be read (\(Platform.lastErrorMessage))", errorNumber: Platform.errorNumber)
                )
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }

    package static func readAll(path: String, reportedAs name: String) throws(DocumentError) -> [UInt8] {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return Array(data)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DocumentError(file: name, message: MissingPath.message(for: path))
        }
        if isDirectory.boolValue {
            throw DocumentError(file: name, message: "is a directory; name a file inside it")
        }
        switch readSource(path: path, limit: DocumentLoader.maximumSize) {
        case .success(let bytes):
            return bytes
        case .failure(let problem) where problem.errorNumber == Platform.permissionDenied:
            throw DocumentError(file: name, message: "cannot be read (permission denied?)")
        case .failure(let problem) where problem.errorNumber != nil:
            throw DocumentError(file: name, message: problem.message)
        case .failure:
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
            throw DocumentError(
                file: name,
                message:
                    "is \(max(size, DocumentLoader.maximumSize) / 1_048_576) MB; trackctl reads files up to "
                    + "\(DocumentLoader.maximumSize / 1_048_576) MB"
            )
        }
    }
}
