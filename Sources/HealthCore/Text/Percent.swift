/// Percent-encoding for what goes into a URL: a query value the page writes, a folder id in a
/// REST path.
public enum Percent {
    /// `text` with every byte outside the unreserved set (`A–Z a–z 0–9 - . _ ~`) as `%XX`.
    public static func encoded(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF")
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
            }
        }
        return result
    }
}
