extension QRCode {
    /// Light modules around the symbol. The standard asks for 4; 2 is what terminal QR codes
    /// use (qrencode's own text output too), and phone cameras read them.
    public static let terminalQuietZone = 2

    /// The code drawn with half blocks, two rows of modules to a line of text, so it is square
    /// in a terminal and fits 80 columns for a link of a few hundred characters.
    ///
    /// `colored` draws black on white with ANSI colours, which reads on any terminal theme.
    /// Without colour the dark modules are the terminal's background and the light ones its
    /// text, as `qrencode -t UTF8` draws them: right for the usual light-on-dark terminal.
    public func terminalText(colored: Bool) -> String {
        let margin = QRCode.terminalQuietZone
        let span = -margin..<(size + margin)
        var lines: [String] = []
        for top in stride(from: -margin, to: size + margin, by: 2) {
            var line = colored ? "\u{1B}[30;107m" : ""
            for column in span {
                // What is drawn in the text colour: dark modules in colour, light ones without.
                let upper = self[top, column] == colored
                let lower = top + 1 < size + margin && self[top + 1, column] == colored
                let cell: Character =
                    switch (upper, lower) {
                    case (true, true): "█"
                    case (true, false): "▀"
                    case (false, true): "▄"
                    case (false, false): " "
                    }
                line.append(cell)
            }
            lines.append(line + (colored ? "\u{1B}[0m" : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
