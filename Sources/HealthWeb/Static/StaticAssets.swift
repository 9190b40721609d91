import HealthCore

/// The page's static files (its stylesheet, its script, its icon): those installed with the
/// templates (`Templates/web/`, the first Templates folder that has each), else the copies
/// compiled into the program, so that a lone `healthlog` serves them too.
struct StaticAssets: Sendable {
    struct Asset: Sendable {
        let bytes: [UInt8]
        let contentType: String
        /// A strong validator for `If-None-Match`.
        let etag: String
        /// True when read from a Templates folder, false when compiled in.
        let installed: Bool
    }

    /// By file name: the only names served, so no path outside them can be asked for.
    let files: [String: Asset]

    init(environment: [String: String]) {
        self.init(folders: TemplatesFolder.all(environment: environment))
    }

    /// The files of the first of `folders` that has each, else the compiled-in copies.
    init(folders: [TemplatesFolder]) {
        var files: [String: Asset] = [:]
        for (name, compiled) in EmbeddedWebAssets.files {
            let installed = folders.lazy.filter { !$0.isBuiltIn }.compactMap { try? FileBytes.read("\($0.directory)/web/\(name)") }.first
            let bytes = installed ?? Array(compiled.utf8)
            files[name] = Asset(
                bytes: bytes, contentType: StaticAssets.contentType(of: name), etag: "\"\(SHA1.hex(bytes).prefix(16))\"", installed: installed != nil)
        }
        self.files = files
    }

    /// `/static/app.css?v=…`: the version makes a changed file a new address.
    func url(_ name: String) -> String {
        guard let asset = files[name] else { return "/static/\(name)" }
        return "/static/\(name)?v=\(asset.etag.dropFirst().dropLast().prefix(8))"
    }

    static func contentType(of name: String) -> String {
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".svg") { return "image/svg+xml" }
        if name.hasSuffix(".webmanifest") { return "application/manifest+json" }
        return "text/plain; charset=utf-8"
    }

    /// The answer to `GET /static/NAME`: the file, 304 when the browser has it, 404 for any
    /// other name (`..`, slashes, encoded or not, name nothing here).
    func response(for name: Substring, request: HTTPRequest) -> HTTPResponse {
        guard let asset = files[String(name)] else { return .text("404 Not found", status: 404) }
        let headers = [("Content-Type", asset.contentType), ("ETag", asset.etag), ("Cache-Control", "no-cache")]
        if request.header("if-none-match") == asset.etag {
            return HTTPResponse(status: 304, headers: headers)
        }
        // The engine leaves a HEAD answer's body out itself, with its length said.
        return HTTPResponse(status: 200, headers: headers, body: asset.bytes)
    }
}
