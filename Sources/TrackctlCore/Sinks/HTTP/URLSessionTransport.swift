import Foundation
import Synchronization
import TrackctlModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `https://`: the toolchain's URLSession (FoundationNetworking on Linux), one request at a time.
final class URLSessionTransport: HTTPTransport {
    private let url: URL
    private let session: URLSession

    init(endpoint: HTTPEndpoint) {
        // Not nil: the endpoint was read from a URL (`HTTPEndpoint.init?`), so its parts make one.
        // swift-format-ignore: NeverForceUnwrap
        url = URL(
            string:
                "https://" + (endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host)
                + ":\(endpoint.port)\(endpoint.target)"
        )!
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 1
        session = URLSession(configuration: configuration)
    }

    func post(_ body: [UInt8], headers: [(name: String, value: String)], timeoutMilliseconds: Int) -> HTTPResult {
        var request = URLRequest(url: url, timeoutInterval: Double(timeoutMilliseconds) / 1000)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("trackctl/\(TrackctlVersion.current)", forHTTPHeaderField: "User-Agent")
        for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        session.dataTask(with: request) { _, response, error in
            if let http = response as? HTTPURLResponse {
                box.result.withLock {
                    $0 = .answered(
                        status: http.statusCode,
                        retryAfter: (http.value(forHTTPHeaderField: "Retry-After")).flatMap(Double.init))
                }
            } else {
                let message = error.map { ($0 as NSError).localizedDescription } ?? "no answer"
                box.result.withLock { $0 = .failed(message) }
            }
            done.signal()
        }.resume()
        done.wait()
        return box.result.withLock { $0 } ?? .failed("no answer")
    }

    func close() {
        session.finishTasksAndInvalidate()
    }

    /// The answer, from URLSession's delegate queue to the waiting caller.
    private final class ResultBox: Sendable {
        let result = Mutex<HTTPResult?>(nil)
    }
}
