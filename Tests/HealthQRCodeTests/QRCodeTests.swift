import HealthQRCode
import Testing

/// libqrencode's symbols, read back by a decoder of its own (zbarimg).
@Suite struct QRCodeTests {
    @Test(arguments: [
        "http://192.168.1.20:8421/pair?code=K7QF3MZP9T",
        "https://health.example.home/pair?code=ABCDEFGHJK",
        "syncthing://device/MFZWI3D-BONSGYC-YLTMRWG-C43ENR5-QXGZDMM-FZWI3DP-BONSGYY-LTMRWAD?folder=healthlog&name=爸爸的电脑",
    ])
    func aLinkReadsBackAsItWasGiven(link: String) throws {
        let code = try QRCode(encoding: link)
        #expect(code.size >= 21 && (code.size - 21) % 4 == 0, "a QR code is 21 + 4·k modules a side, not \(code.size)")
        #expect(try decodedByZbar(code) == link)
    }

    @Test func moreCorrectionMakesALargerSymbol() throws {
        let link = "http://192.168.1.20:8421/pair?code=K7QF3MZP9T"
        let low = try QRCode(encoding: link, correction: .low)
        let high = try QRCode(encoding: link, correction: .high)
        #expect(high.size > low.size)
        #expect(try decodedByZbar(high) == link)
    }

    @Test func theFinderPatternsAreWhereTheStandardPutsThem() throws {
        let code = try QRCode(encoding: "http://127.0.0.1:8421/")
        // Each corner but the bottom right has a 7×7 finder: a dark ring, a light ring, a dark 3×3 core.
        for (top, left) in [(0, 0), (0, code.size - 7), (code.size - 7, 0)] {
            for row in 0..<7 {
                for column in 0..<7 {
                    let ring = max(abs(row - 3), abs(column - 3))
                    #expect(code[top + row, left + column] == (ring != 2), "finder at \(top),\(left): module \(row),\(column)")
                }
            }
        }
        #expect(!code[-1, 0] && !code[0, code.size], "outside the symbol is the light quiet zone")
    }

    @Test func nothingAndTooMuchAreRefusedInWords() {
        #expect(throws: QRCodeError.empty) { try QRCode(encoding: "") }
        let tooLong = String(repeating: "x", count: 3000)
        #expect(throws: QRCodeError.tooLong(bytes: 3000)) { try QRCode(encoding: tooLong, correction: .low) }
        #expect(QRCodeError.tooLong(bytes: 3000).description == "3000 bytes are more than a QR code holds")
    }
}
