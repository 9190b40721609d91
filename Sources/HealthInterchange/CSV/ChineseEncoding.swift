/// Tells text a Chinese Windows program saved in GB18030 (or its subsets GBK and GB2312) from
/// other bytes that are not UTF-8, so the refusal says what the file is.
enum ChineseEncoding {
    /// True when `bytes` read as GB18030's two-byte characters, most of them in the GB2312
    /// range (lead and trail 0xA1–0xFE, where every common Chinese character is): the bytes of
    /// `日期,时间,高压` are, a Windows-1252 `Sistólica` is not (a lone high byte before a letter).
    static func looksLikeGB18030(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var characters = 0, common = 0
        while let byte = iterator.next() {
            guard byte >= 0x80 else { continue }
            guard (0x81...0xFE).contains(byte), let trail = iterator.next() else { return false }
            if (0x30...0x39).contains(trail) {
                // A four-byte character: two more bytes, 0x81–0xFE then 0x30–0x39.
                guard let third = iterator.next(), (0x81...0xFE).contains(third), let fourth = iterator.next(), (0x30...0x39).contains(fourth) else {
                    return false
                }
            } else {
                guard (0x40...0xFE).contains(trail), trail != 0x7F else { return false }
                if byte >= 0xA1 && trail >= 0xA1 { common += 1 }
            }
            characters += 1
        }
        return characters > 0 && common * 5 >= characters * 4
    }
}
