/// Why the engine took a request only in part.
enum RequestRefusal: Sendable {
    /// The body is larger than the limit (413).
    case tooLarge
    /// The path, a header, the query or a field is not UTF-8 text (400).
    case notText
    /// The form body could not be decoded (400).
    case unreadableForm
    /// The method is not an HTTP token (`GET\u{1B}[2J`): nothing a browser sends (400).
    case notAMethod
}

/// One request as the engine decoded it: libmicrohttpd splits the request line, headers,
/// cookies, query and form; nothing here parses HTTP.
struct HTTPRequest: Sendable {
    /// `GET`, `POST`, `HEAD` …
    let method: String
    /// The path, without the query, as the engine unescaped it: `/readings/3f9a…/edit`.
    let path: String
    /// Query arguments in order; an argument with no value has an empty one.
    let query: [(String, String)]
    /// Header fields, names in lower case.
    let headers: [String: String]
    /// Cookies by name.
    let cookies: [String: String]
    /// Form fields in order (`application/x-www-form-urlencoded` or `multipart/form-data`).
    let form: [(String, String)]
    /// The body of a request that is not a form.
    let body: [UInt8]
    /// Why the request was taken only in part; its form and body are then empty.
    var refusal: RequestRefusal? = nil
    /// The address the connection came from, as numeric text (`192.168.1.23`, `::1`); empty
    /// when the engine could not say.
    var client = ""

    /// True for a request that can change something.
    var isStateChanging: Bool { !["GET", "HEAD", "OPTIONS"].contains(method) }

    /// The first query argument named `name`.
    func query(_ name: String) -> String? { query.first { $0.0 == name }?.1 }

    /// The first form field named `name`.
    func field(_ name: String) -> String? { form.first { $0.0 == name }?.1 }

    /// Every form field named `name` (checkboxes).
    func fields(_ name: String) -> [String] { form.filter { $0.0 == name }.map(\.1) }

    /// The header `name` (lower case).
    func header(_ name: String) -> String? { headers[name] }

    /// True when `method` is an HTTP token (RFC 9110's `tchar`s): letters, digits and
    /// ``!#$%&'*+-.^_`|~``, never a control character, a space or a byte beyond ASCII.
    static func isToken(_ method: String) -> Bool {
        !method.isEmpty && method.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): true
            default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }

    /// The path's parts: `/readings/abc/edit` → `["readings", "abc", "edit"]`.
    var pathParts: [Substring] { path.split(separator: "/") }
}
