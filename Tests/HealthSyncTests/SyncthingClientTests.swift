import Foundation
@testable import HealthSync
import HealthLogTestSupport
import Testing

/// The pieces `healthlog sync setup` reads Syncthing with: device ids, the GUI's address and key
/// in `config.xml`, and HTTP answers, each from text as Syncthing (and people) write it.
@Suite struct SyncthingClientTests {
    /// The id Syncthing's documentation shows, with its check characters.
    static let documented = "P56IOI7-MZJNU2Y-IQGDREY-DM2MGTI-MGL3BXN-PQ6W5BM-TBBZ4TJ-XZWICQ2"

    @Test func deviceIDsAreReadAsSyncthingReadsThem() {
        #expect(SyncthingDeviceID(parsing: Self.documented)?.text == Self.documented)
        #expect(SyncthingDeviceID(parsing: Self.documented.lowercased().replacingOccurrences(of: "-", with: " "))?.text == Self.documented)
        // Digits typed for the letters they look like, as Syncthing takes them.
        #expect(SyncthingDeviceID(parsing: "P56I0I7-MZJNU2Y-IQGDREY-DM2MGTI-MGL3BXN-PQ6W5BM-TBBZ4TJ-XZWICQ2")?.text == Self.documented)
        // The old form without check characters gains them.
        let bare = Self.documented.replacingOccurrences(of: "-", with: "")
        let old = stride(from: 0, to: 56, by: 14).map { String(Array(bare)[$0..<$0 + 13]) }.joined()
        #expect(SyncthingDeviceID(parsing: old)?.text == Self.documented)
        #expect(SyncthingDeviceID(parsing: Self.documented)?.short == "P56IOI7")
    }

    @Test func aTypoInADeviceIDIsCaught() {
        #expect(SyncthingDeviceID(parsing: "Q" + Self.documented.dropFirst()) == nil, "a changed character")
        #expect(SyncthingDeviceID(parsing: String(Self.documented.dropLast())) == nil, "one character short")
        #expect(SyncthingDeviceID(parsing: Self.documented.replacingOccurrences(of: "MZJNU2Y", with: "MZJNU9Y")) == nil, "9 is not base32")
        #expect(SyncthingDeviceID(parsing: "") == nil)
        #expect(SyncthingDeviceID(parsing: "\u{1B}[2J" + Self.documented) == nil, "control codes are not an id")
    }

    @Test func onlyLoopbackAddressesAreReached() {
        #expect(LoopbackEndpoint(listening: "127.0.0.1:8384") == .ipv4(address: 0x7F00_0001, port: 8384))
        #expect(LoopbackEndpoint(listening: "127.0.1.1:8384") == .ipv4(address: 0x7F00_0101, port: 8384))
        #expect(LoopbackEndpoint(listening: "localhost:8384") == .ipv4(address: 0x7F00_0001, port: 8384))
        #expect(LoopbackEndpoint(listening: "http://127.0.0.1:8384/") == .ipv4(address: 0x7F00_0001, port: 8384))
        #expect(LoopbackEndpoint(listening: "[::1]:8384") == .ipv6(port: 8384))
        // Listening everywhere: reached on loopback, so the key stays on the machine.
        #expect(LoopbackEndpoint(listening: "0.0.0.0:8384") == .ipv4(address: 0x7F00_0001, port: 8384))
        #expect(LoopbackEndpoint(listening: "[::]:8384") == .ipv6(port: 8384))
        #expect(LoopbackEndpoint(listening: ":8384") == .ipv4(address: 0x7F00_0001, port: 8384))
        #expect(LoopbackEndpoint(listening: "unix:///run/user/1000/syncthing.sock") == .unix(path: "/run/user/1000/syncthing.sock"))
        for refused in ["192.168.1.5:8384", "10.0.0.1:8384", "example.org:8384", "[fe80::1]:8384", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:99999", "unix://relative.sock", ""] {
            #expect(LoopbackEndpoint(listening: refused) == nil, "\(refused)")
        }
    }

    private let directory = TemporaryDirectory()

    /// A folder with `config.xml` holding `text`, private to this user.
    private func home(_ text: String, mode: Int = 0o600) throws -> String {
        let path = directory.file(UUID().uuidString)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try text.write(toFile: path + "/config.xml", atomically: false, encoding: .utf8)
        chmod(path + "/config.xml", mode_t(mode))
        return path
    }

    @Test func theKeyAndAddressAreReadFromTheGUIElement() throws {
        let config = try SyncthingConfig.read(home: try home("""
            <?xml version="1.0"?>
            <configuration version="36">
                <!-- <gui><address>192.168.1.5:8384</address></gui> -->
                <folder id="x" path="/tmp/x"><device id="A"></device></folder>
                <gui enabled="true" tls="false" debugging="false">
                    <address>127.0.0.1:18384</address>
                    <apikey>k&amp;y&#33;</apikey>
                    <theme>default</theme>
                </gui>
                <defaults><folder id="" path="~"></folder></defaults>
            </configuration>
            """))
        #expect(config.endpoint == .ipv4(address: 0x7F00_0001, port: 18384))
        #expect(config.apiKey == "k&y!")
    }

    @Test func aConfigurationThatCannotBeUsedSaysWhy() throws {
        let cases: [(String, String)] = [
            (#"<configuration><gui enabled="false"><address>127.0.0.1:8384</address><apikey>k</apikey></gui></configuration>"#, "turned off"),
            (#"<configuration><gui tls="true"><address>127.0.0.1:8384</address><apikey>k</apikey></gui></configuration>"#, "uses HTTPS"),
            (#"<configuration><gui><address>127.0.0.1:8384</address></gui></configuration>"#, "no API key"),
            (#"<configuration><gui/></configuration>"#, "no API key"),
            (#"<configuration><gui><address>192.168.1.5:8384</address><apikey>k</apikey></gui></configuration>"#, "not on this machine's loopback"),
            (#"<configuration><folder id="gui"></folder></configuration>"#, "no <gui> element"),
            ("not xml at all", "no <gui> element"),
        ]
        for (text, reason) in cases {
            #expect {
                try SyncthingConfig.read(home: try home(text))
            } throws: { error in
                guard case .misconfigured(let phrase) = error as? SyncthingError else { return false }
                return phrase.english.contains(reason)
            }
        }
        // A key others could have planted is not sent anywhere.
        #expect(throws: SyncthingError.self) {
            try SyncthingConfig.read(home: try home(#"<configuration><gui><address>127.0.0.1:8384</address><apikey>k</apikey></gui></configuration>"#, mode: 0o666))
        }
    }

    @Test func theConfigurationIsLookedForWhereSyncthingKeepsIt() {
        let folders = SyncthingConfig.candidates(environment: ["HOME": "/home/anna", "XDG_STATE_HOME": "/s", "XDG_CONFIG_HOME": "/c"])
        #expect(folders == ["/s/syncthing", "/home/anna/.local/state/syncthing", "/c/syncthing", "/home/anna/.config/syncthing"])
        #expect(SyncthingConfig.candidates(environment: ["HOME": "/home/anna", "XDG_STATE_HOME": "relative"]) == [
            "/home/anna/.local/state/syncthing", "/home/anna/.config/syncthing",
        ])
    }

    @Test func answersAreReadWithTheirLengthOrInChunks() throws {
        let plain = try LoopbackHTTPClient.parse(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8))
        #expect(plain.status == 200 && plain.body == Array("{}".utf8))
        let chunked = try LoopbackHTTPClient.parse(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3;x=1\r\n:1}\r\n0\r\n\r\n".utf8))
        #expect(chunked.body == Array("{\"a\":1}".utf8))
        let forbidden = try LoopbackHTTPClient.parse(Array("HTTP/1.1 403 Forbidden\r\n\r\nCSRF Error\n".utf8))
        #expect(forbidden.status == 403)
        for broken in ["HTTP/1.1 200 OK\r\nContent-Length: 2", "SSH-2.0-OpenSSH\r\n\r\n", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n{}"] {
            #expect(throws: LoopbackHTTPFailure.self, "\(broken)") { try LoopbackHTTPClient.parse(Array(broken.utf8)) }
        }
    }
}
