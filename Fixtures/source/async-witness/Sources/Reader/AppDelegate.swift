import UIKit

/// Two methods written in their async form. The second is UIApplicationDelegate's
/// application:didReceiveRemoteNotification:fetchCompletionHandler:, whose async form Swift imports
/// as application(_:didReceiveRemoteNotification:). The first is no requirement:
/// application:performFetchWithCompletionHandler: is marked NS_SWIFT_DISABLE_ASYNC in UIApplication.h
/// (iOS 17.0 and later headers), so Swift imports no async form of it, and this method is
/// application(_:) async, another method the runtime never calls.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication) async -> UIBackgroundFetchResult { .newData }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UIBackgroundFetchResult { .newData }
}
