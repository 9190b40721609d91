import HealthCore

/// A workbook in Microsoft's older binary container (OLE2, "Compound File"): an Excel 97–2003
/// `.xls`, a WPS `.et` saved as it is, or any workbook locked with a password, which Excel and
/// WPS write so even as `.xlsx`. HealthLog reads none of them; the refusal says how to save one
/// that it reads, rather than suggesting `--columns` or calling its bytes bad UTF-8.
enum BinaryWorkbook {
    /// The eight bytes every such container starts with.
    private static let signature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]

    /// The refusal for `input` when it is such a workbook; nil for any other file.
    static func refusal(_ input: ImportInput) -> InterchangeError? {
        guard input.head.starts(with: signature) else { return nil }
        return .malformed(
            path: input.name,
            reason: Phrase(
                "the file is an Excel 97-2003 (.xls) or WPS (.et) workbook, or one locked with a password, which HealthLog does not read: open it and save it without a password as .xlsx (WPS: 另存为 > Excel 工作簿 .xlsx) or CSV UTF-8, and import that"
            ))
    }
}
