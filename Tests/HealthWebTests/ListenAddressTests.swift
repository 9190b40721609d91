import HealthWeb
import Testing

/// `--listen`: an address of this machine and a port, never a name looked up.
@Suite struct ListenAddressTests {
    @Test(arguments: [
        ("127.0.0.1:8421", "127.0.0.1", 8421), ("0.0.0.0:80", "0.0.0.0", 80), ("[::1]:9000", "::1", 9000), ("[::]", "::", 8421),
        (":9001", "127.0.0.1", 9001), ("localhost:8421", "127.0.0.1", 8421), ("192.168.1.20", "192.168.1.20", 8421), ("127.0.0.1:0", "127.0.0.1", 0),
    ])
    func accepted(text: String, host: String, port: Int) throws {
        let address = try ListenAddress(parsing: text)
        #expect(address.host == host && Int(address.port) == port)
    }

    @Test(arguments: ["example.com:8421", "127.0.0.1:65536", "127.0.0.1:port", "::1:8421", "[::1", "300.1.1.1:80", "127.0.0.1:-1", "127.0.0.1:"])
    func refusedWithTheReason(text: String) {
        #expect(throws: WebError.self) { try ListenAddress(parsing: text) }
    }

    @Test func loopbackAndWildcard() throws {
        #expect(try ListenAddress(parsing: "127.0.0.1:1").isLoopback)
        #expect(try ListenAddress(parsing: "[::1]:1").isLoopback)
        #expect(!(try ListenAddress(parsing: "0.0.0.0:1").isLoopback))
        #expect(try ListenAddress(parsing: "0.0.0.0:1").isWildcard)
        #expect(ListenAddress(host: "::1", port: 8421).description == "[::1]:8421")
    }

    /// docs/phones.md: a proxy is believed on 127.0.0.1 (or ::1) only; another loopback
    /// address (127.0.0.3) believes neither X-Forwarded-For nor X-Forwarded-Proto.
    @Test func aProxyIsBelievedOnlyOn127001OrIPv6Loopback() throws {
        #expect(try ListenAddress(parsing: "127.0.0.1:8421").believesLocalProxy)
        #expect(try ListenAddress(parsing: "[::1]:8421").believesLocalProxy)
        for other in ["127.0.0.3:8421", "127.1.2.3:8421", "0.0.0.0:8421", "[::]:8421", "192.168.1.20:8421"] {
            #expect(!(try ListenAddress(parsing: other).believesLocalProxy), "\(other)")
        }
        let documented = try String(contentsOf: repository.appendingPathComponent("docs/phones.md"), encoding: .utf8)
        #expect(documented.contains("listens on 127.0.0.1 (or ::1) and believes"))
    }
}
