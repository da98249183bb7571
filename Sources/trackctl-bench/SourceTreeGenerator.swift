import Foundation

/// A generated app of `files` source files, half Swift, a quarter Objective-C headers and a
/// quarter implementations, at the sizes real view-controller files have (Swift about 230
/// lines and 8 KB, headers 45 lines, implementations 190 lines), with what makes lexing real:
/// comments, string literals with interpolation, closures, `#selector`, extensions, nested
/// types. Deterministic: file `n` is always the same text.
enum SourceTreeGenerator {
    struct Tree {
        var root: String
        var bytes: Int
        var largestFile: Int
        /// A SPOC of `entries` tracked screens and events over the generated classes.
        var config: String
    }

    static func generate(files: Int, at root: String) throws -> Tree {
        try? FileManager.default.removeItem(atPath: root)
        var bytes = 0
        var largest = 0
        func write(_ text: String, _ relative: String) throws {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            bytes += text.utf8.count
            largest = max(largest, text.utf8.count)
        }
        let swiftFiles = files / 2
        let objcPairs = (files - swiftFiles) / 2
        for n in 0..<swiftFiles {
            try write(swiftFile(n), "Sources/ShopApp/Feature\(n % 40)/Screen\(n)ViewController.swift")
        }
        for n in 0..<objcPairs {
            try write(objcHeader(n), "Legacy/Group\(n % 20)/ZOCLegacy\(n)ViewController.h")
            try write(objcImplementation(n), "Legacy/Group\(n % 20)/ZOCLegacy\(n)ViewController.m")
        }
        let configPath = root + "-config.json"
        try config(swiftFiles: swiftFiles, objcPairs: objcPairs).write(
            toFile: configPath, atomically: true, encoding: .utf8)
        return Tree(root: root, bytes: bytes, largestFile: largest, config: configPath)
    }

    /// `files` Swift files of 8 KB each, all comment but one small class: as many bytes as
    /// `generate`, few declarations. Its memory shows what reading costs (one file per core)
    /// apart from what the catalog costs.
    static func generateSparse(files: Int, at root: String) throws -> Tree {
        try? FileManager.default.removeItem(atPath: root)
        let comment = String(repeating: "// " + String(repeating: "x", count: 76) + "\n", count: 100)
        var bytes = 0
        for n in 0..<files {
            let text = comment + "class Sparse\(n)ViewController: UIViewController { @objc func tapped() {} }\n"
            let folder = root + "/Sources/App/Feature\(n % 40)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/Sparse\(n).swift", atomically: false, encoding: .utf8)
            bytes += text.utf8.count
        }
        return Tree(root: root, bytes: bytes, largestFile: comment.utf8.count + 80, config: "")
    }

    /// 2,000 screens and events: Swift classes by runtime name, their selectors in Objective-C
    /// spelling; one entry in 100 is a mistake a user makes (a Swift name, a Swift spelling).
    static func config(swiftFiles: Int, objcPairs: Int) -> String {
        var screens: [String] = []
        var events: [String] = []
        for i in 0..<2_000 {
            let mistake = i % 100 == 99
            if i % 2 == 0 {
                let n = (i * 7) % swiftFiles
                let name = mistake ? "Screen\(n)ViewController" : "ShopApp.Screen\(n)ViewController"
                screens.append("{\"class\":\"\(name)\",\"label\":\"Screen \(n)\"}")
            } else if i % 3 == 0 {
                let n = (i * 11) % objcPairs
                events.append(
                    "{\"class\":\"ZOCLegacy\(n)ViewController\",\"selector\":\"legacyAction\(i % 12):withValue:\","
                        + "\"label\":\"Legacy \(i)\"}"
                )
            } else {
                let n = (i * 13) % swiftFiles
                let selector = mistake ? "colorTapped:" : "action\(i % 15)TappedWithSender:"
                events.append(
                    "{\"class\":\"ShopApp.Screen\(n)ViewController\",\"selector\":\"\(selector)\","
                        + "\"label\":\"Action \(i)\"}"
                )
            }
        }
        return "{\"trackedScreens\":[\n" + screens.joined(separator: ",\n") + "\n],\"trackedEvents\":[\n"
            + events.joined(separator: ",\n") + "\n]}\n"
    }

    static func swiftFile(_ n: Int) -> String {
        var text = """
            //
            //  Screen\(n)ViewController.swift
            //  ShopApp
            //
            //  Generated for trackctl-bench: a view controller as real apps write them.
            //

            import UIKit

            /// Screen \(n): a list of items, actions in the toolbar.
            final class Screen\(n)ViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
                @IBOutlet weak var tableView: UITableView!
                @IBOutlet private weak var titleLabel: UILabel!
                @IBOutlet private var actionButtons: [UIButton]!
                private var items: [String] = []
                private let formatter: DateFormatter = {
                    let formatter = DateFormatter()
                    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
                    return formatter
                }()
                var onFinish: ((Bool) -> Void)?
                private(set) var state = State.idle

                enum State {
                    case idle, loading, loaded([String]), failed(Error)
                }

                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = "Screen \\(\(n))"
                    tableView.dataSource = self
                    tableView.delegate = self
                    for (index, button) in actionButtons.enumerated() {
                        button.tag = index
                        button.addTarget(self, action: #selector(action0Tapped(sender:)), for: .touchUpInside)
                    }
                    load()
                }

                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    navigationController?.setNavigationBarHidden(false, animated: animated)
                }

                private func load() {
                    state = .loading
                    Service.shared.fetch(page: 1) { [weak self] result in
                        guard let self else { return }
                        switch result {
                        case .success(let items):
                            self.items = items.map { "\\($0.name) — \\($0.price)" }
                            self.state = .loaded(self.items)
                        case .failure(let error):
                            self.state = .failed(error)
                            print("Screen \(n) failed: \\(error.localizedDescription)")
                        }
                        self.tableView.reloadData()
                    }
                }

            """
        for j in 0..<15 {
            text += """
                    /// Toolbar action \(j) of screen \(n).
                    @objc func action\(j)Tapped(sender: UIButton) {
                        let value = sender.tag * \(j + 1)
                        // Keep the analytics context: "\(j)" is the action's slot.
                        guard value >= 0 else { return }
                        if value % 2 == 0 {
                            titleLabel.text = "Even \\(value) { not a brace }"
                        } else {
                            titleLabel.text = String(format: "Odd %d", value)
                        }
                    }

                    func helper\(j)(value: Int, name: String = "item, \(j)", completion: @escaping (Result<Int, \
                    Error>) -> Void = { _ in }) -> String {
                        let text = "\\(name): \\(value)"
                        completion(.success(value))
                        return text
                    }


                """
        }
        text += """
                func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                    items.count
                }

                func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
                    cell.textLabel?.text = items[indexPath.row]
                    return cell
                }

                func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    tableView.deselectRow(at: indexPath, animated: true)
                    onFinish?(true)
                }
            }

            extension Screen\(n)ViewController {
                @objc func refresh(_ sender: UIRefreshControl) {
                    load()
                    sender.endRefreshing()
                }

                func share(item: String) async throws -> Bool {
                    try await Task.sleep(nanoseconds: 1_000)
                    return !item.isEmpty
                }
            }

            struct Screen\(n)Model: Codable, Hashable {
                var id: Int
                var name: String
                var price: Decimal
            }

            """
        return text
    }

    static func objcHeader(_ n: Int) -> String {
        var text = """
            //
            //  ZOCLegacy\(n)ViewController.h
            //  ShopApp
            //

            #import <UIKit/UIKit.h>

            NS_ASSUME_NONNULL_BEGIN

            @protocol ZOCLegacy\(n)Delegate <NSObject>
            - (void)legacyController:(id)controller didFinishWithResult:(NSInteger)result;
            @end

            IB_DESIGNABLE
            @interface ZOCLegacy\(n)ViewController : UIViewController <UITableViewDelegate, UITableViewDataSource>

            @property (nonatomic, weak, nullable) id<ZOCLegacy\(n)Delegate> delegate;
            @property (nonatomic, copy) NSArray<NSString *> *items;
            @property (nonatomic, getter=isEditing) BOOL editing;
            @property (nonatomic, copy, nullable) void (^completion)(BOOL finished);
            @property (nonatomic) IBInspectable CGFloat cornerRadius;

            - (instancetype)initWithNibName:(nullable NSString *)nibNameOrNil bundle:(nullable NSBundle \
            *)nibBundleOrNil NS_DESIGNATED_INITIALIZER;

            """
        for j in 0..<12 {
            text += "- (void)legacyAction\(j):(id)sender withValue:(NSInteger)value API_AVAILABLE(ios(13.0));\n"
        }
        text += "\n@end\n\nNS_ASSUME_NONNULL_END\n"
        return text
    }

    static func objcImplementation(_ n: Int) -> String {
        var text = """
            //
            //  ZOCLegacy\(n)ViewController.m
            //  ShopApp
            //

            #import "ZOCLegacy\(n)ViewController.h"

            static NSString * const kCellIdentifier = @"Cell";

            @interface ZOCLegacy\(n)ViewController ()
            @property (nonatomic, strong) UITableView *tableView;
            - (void)reload;
            @end

            @implementation ZOCLegacy\(n)ViewController {
                NSInteger _counter;
            }

            - (void)viewDidLoad {
                [super viewDidLoad];
                self.tableView = [[UITableView alloc] initWithFrame:self.view.bounds style:UITableViewStylePlain];
                self.tableView.delegate = self;
                self.tableView.dataSource = self;
                [self.view addSubview:self.tableView];
                [self reload];
            }

            - (void)reload {
                __weak typeof(self) weakSelf = self;
                dispatch_async(dispatch_get_main_queue(), ^{
                    [weakSelf.tableView reloadData];
                });
            }


            """
        for j in 0..<12 {
            text += """
                - (void)legacyAction\(j):(id)sender withValue:(NSInteger)value {
                    // Action \(j): "}" in a comment and a string must not end the method.
                    NSString *message = [NSString stringWithFormat:@"action %ld {%@}", (long)value, @"\(j)"];
                    if (value > \(j)) {
                        _counter += value;
                    } else {
                        _counter = 0;
                    }
                    NSLog(@"%@", message);
                }


                """
        }
        text += """
            - (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
                return self.items.count;
            }

            - (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
                UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:kCellIdentifier \
                forIndexPath:indexPath];
                cell.textLabel.text = self.items[indexPath.row];
                return cell;
            }

            @end

            """
        return text
    }
}
