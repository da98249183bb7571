import UIKit

/* A comment is not a declaration:
   class CommentedViewController: UIViewController { @objc func fromComment() {} }
   /* block comments nest */ still a comment @objc func stillComment() {}
*/
// class LineCommented: UIViewController {}

/// The profile screen: tricky signatures of every kind.
final class ProfileViewController: UIViewController, UITableViewDataSource {
    @IBOutlet weak var tableView: UITableView!
    @IBOutlet private weak var avatar: UIImageView!
    @IBInspectable var cornerRadius: CGFloat = 4
    private(set) var plan: String = "free"
    @objc private(set) var tier: String = "gold"
    @objc let identifier = "profile"
    @objc var count: Int { return 3 }
    @objc var isOn: Bool = false
    @objc dynamic var kvoValue: Int = 0
    @objc var computed: String {
        get { "x" }
        set { _ = newValue }
    }
    lazy var expensive: UILabel = {
        let label = UILabel()
        label.text = "@objc func notAMember() { }"
        return label
    }()
    var observed = 0 {
        didSet { print("changed \(oldValue)") }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let sql = "class Hidden: UIViewController { @objc func fake() {} }"
        let raw = #"@objc func rawFake() { "quoted" }"#
        let multi = """
            @objc func multiLineFake() {
            }
            """
        avatar.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(colorTapped(sender:))))
        print("\(sql) \(raw) \(multi) \(count + 1) \("nested \(count)")")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }

    @IBAction func shareTapped(_ sender: Any) {}

    @IBAction func onTap(_ sender: UIButton, forEvent event: UIEvent) {}

    @objc func colorTapped(sender: UIButton) {}

    @objc func click(for event: UIEvent?) {}

    @objc func move(to point: CGPoint) {}

    @objc func removeFrom(parent: UIView) {}

    @objc(customSelector:with:) func renamed(a: Int, b: Int) {}

    @objc func load() throws {}

    @objc func fetch(_ id: String, completion: @escaping (Bool) -> Void) throws {}

    @objc func refresh() async {}

    @objc func reload(page: Int) async throws {}

    @objc
    @available(iOS 13, *)
    @discardableResult
    func attributed() -> Bool { true }

    @objc func multiLine(
        first: Int,
        second value: String = "default, with (comma)",
        third: [String: Int] = [:],
        fourth: @escaping () -> Void = { print("}") }
    ) {}

    @objc private func privateButExposed() {}

    func helper(x: Int) {}

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell()
    }

    @nonobjc func notVisible() {}

    dynamic func dynamicOnly() {}

    func generic<T>(_ value: T) {}

    static func make() -> ProfileViewController { ProfileViewController() }

    @objc class func shared() -> ProfileViewController { ProfileViewController() }

    init(viewModel: Int) {
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    #if DEBUG
    @objc func debugOnly() {}
    #else
    @objc func releaseOnly() {}
    #endif

    static func == (lhs: ProfileViewController, rhs: ProfileViewController) -> Bool { lhs === rhs }
}

extension ProfileViewController: UITableViewDelegate {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 44 }

    @objc func fromExtension() {}
}

@objc extension ProfileViewController {
    func everythingHereIsObjC(value: Int) {}

    private func evenPrivate() {}
}

@nonobjc extension ProfileViewController {
    func neverObjC() {}
}
