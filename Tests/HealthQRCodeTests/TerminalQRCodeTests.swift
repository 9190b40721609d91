import HealthQRCode
import Testing

/// The terminal drawing: read back module by module from its half blocks, it is the symbol with
/// its quiet zone, and a decoder reads the link in what was drawn.
@Suite struct TerminalQRCodeTests {
    let link = "http://192.168.1.20:8421/pair?code=K7QF3MZP9T"

    /// The modules a drawing shows, `colored` saying which of its two colours is dark.
    func modules(drawn text: String, colored: Bool) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in text.split(separator: "\n") {
            let cells = colored ? String(line.dropFirst("\u{1B}[30;107m".count).dropLast("\u{1B}[0m".count)) : String(line)
            var upper: [Bool] = []
            var lower: [Bool] = []
            for cell in cells {
                let (top, bottom): (Bool, Bool) =
                    switch cell {
                    case "█": (true, true)
                    case "▀": (true, false)
                    case "▄": (false, true)
                    default: (false, false)
                    }
                // Drawn in colour is dark; drawn without colour is light.
                upper.append(top == colored)
                lower.append(bottom == colored)
            }
            rows += [upper, lower]
        }
        return rows
    }

    @Test(arguments: [true, false])
    func theDrawingIsTheSymbolWithItsQuietZone(colored: Bool) throws {
        let code = try QRCode(encoding: link)
        let margin = QRCode.terminalQuietZone
        let text = code.terminalText(colored: colored)
        let lines = text.split(separator: "\n")
        #expect(lines.count == (code.size + 2 * margin + 1) / 2, "two rows of modules to a line")
        let drawn = modules(drawn: text, colored: colored)
        for row in 0..<(code.size + 2 * margin) {
            #expect(drawn[row].count == code.size + 2 * margin, "line width")
            for column in 0..<(code.size + 2 * margin) where drawn[row][column] != code[row - margin, column - margin] {
                Issue.record("module \(row - margin),\(column - margin) is drawn \(drawn[row][column] ? "dark" : "light")")
                return
            }
        }
        let readBack = QRCode(size: code.size, modules: (0..<code.size * code.size).map { drawn[$0 / code.size + margin][$0 % code.size + margin] })
        #expect(try decodedByZbar(readBack) == link)
    }

    @Test func withoutColourNoEscapeIsWritten() throws {
        let text = try QRCode(encoding: link).terminalText(colored: false)
        #expect(!text.contains("\u{1B}"))
        #expect(text.unicodeScalars.allSatisfy { ["█", "▀", "▄", " ", "\n"].contains(Character($0)) })
    }

    @Test func aPairingLinkFitsAnEightyColumnTerminal() throws {
        let code = try QRCode(encoding: "http://192.168.100.200:65535/pair?code=K7QF3MZP9T")
        let widest = code.terminalText(colored: true).split(separator: "\n").map { $0.count - 2 }.max() ?? 0
        #expect(widest <= 80)
    }
}
