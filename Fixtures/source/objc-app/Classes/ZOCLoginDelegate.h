#import <Foundation/Foundation.h>

@protocol ZOCLoginDelegate <NSObject>
@required
- (void)loginViewShowingLoggedOutUser:(id)loginView;
@optional
- (void)loginView:(id)loginView handleError:(NSError *)error;
@property (nonatomic, readonly) BOOL wantsLogin;
@end

@protocol ZOCSharing <NSObject>
- (void)shareToService:(NSString *)service;
@end
