import Foundation
@testable import HealthWeb
import Testing

/// The page's static files: installed with the templates, and compiled in for a lone binary.
@Suite struct StaticAssetsTests {
    static let installed = repository.appendingPathComponent("Templates/web")

    @Test func everyInstalledFileIsCompiledInAsItIs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.installed.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names == EmbeddedWebAssets.files.keys.sorted())
        for name in names {
            let bytes = try Data(contentsOf: Self.installed.appendingPathComponent(name))
            #expect(Array(EmbeddedWebAssets.files[name]!.utf8) == Array(bytes), "\(name) compiled in differs from Templates/web/\(name)")
        }
    }

    @Test func aLoneBinaryServesTheCompiledCopies() throws {
        // No Templates folder anywhere a lone binary would look.
        let assets = StaticAssets(folders: [])
        let request = HTTPRequest(method: "GET", path: "/static/app.css", query: [], headers: [:], cookies: [:], form: [], body: [])
        let css = assets.response(for: "app.css", request: request)
        #expect(css.status == 200 && css.header("Content-Type") == "text/css; charset=utf-8")
        #expect(css.body == Array(try Data(contentsOf: Self.installed.appendingPathComponent("app.css"))))
        #expect(assets.files.values.allSatisfy { !$0.installed })
    }

    @Test func theBrowsersCopyIsRevalidated() throws {
        let assets = StaticAssets(environment: ["HEALTHLOG_TEMPLATES": templatesPath])
        #expect(assets.files["wheels.js"]?.installed == true)
        let etag = try #require(assets.files["wheels.js"]?.etag)
        let again = HTTPRequest(method: "GET", path: "/static/wheels.js", query: [], headers: ["if-none-match": etag], cookies: [:], form: [], body: [])
        let response = assets.response(for: "wheels.js", request: again)
        #expect(response.status == 304 && response.body.isEmpty)
        #expect(assets.url("wheels.js").hasPrefix("/static/wheels.js?v="))
    }

    @Test(arguments: ["../Package.swift", "..", "app.css/..", "APP.CSS", "app.css\u{0}", "", "web/app.css"])
    func noOtherNameIsServed(name: String) {
        let assets = StaticAssets(environment: [:])
        let request = HTTPRequest(method: "GET", path: "/static/" + name, query: [], headers: [:], cookies: [:], form: [], body: [])
        #expect(assets.response(for: name[...], request: request).status == 404)
    }
}
