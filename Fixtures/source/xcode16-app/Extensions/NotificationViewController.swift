import UIKit
import UserNotifications
import UserNotificationsUI

// In the "Extensions" folder, which no target owns; the folder's exception set adds this file
// to "Extensions-NotificationContent": module Extensions_NotificationContent.
class NotificationViewController: UIViewController, UNNotificationContentExtension {
    func didReceive(_ notification: UNNotification) {}
}
