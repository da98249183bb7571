import Foundation

/// Reads a whole file or standard input into memory, turning every OS error into a located,
/// human message (missing file, a directory, permissions, too large).
enum FileInput {
    static func readAll(path: String, reportedAs name: String) throws(DocumentError) -> [UInt8] {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return Array(data)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DocumentError(file: name, message: "no such file")
        }
        if isDirectory.boolValue {
            throw DocumentError(file: name, message: "is a directory; name a file inside it")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DocumentError(file: name, message: "cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        if size > DocumentLoader.maximumSize {
            throw DocumentError(file: name, message: "is \(size / 1_048_576) MB; trackctl reads files up to \(DocumentLoader.maximumSize / 1_048_576) MB")
        }
        do {
            return Array(try handle.readToEnd() ?? Data())
        } catch {
            throw DocumentError(file: name, message: "cannot be read: \(error.localizedDescription)")
        }
    }
}
