#if canImport(Glibc)
    import Glibc
#endif
import CQREncode
public import HealthCore

/// A QR code made by Debian's libqrencode: its square of modules, dark or light, without the
/// quiet zone around it (a renderer adds that).
///
/// ```swift
/// let code = try QRCode(encoding: link)  // the pairing link a phone's camera opens
/// print(code.terminalText(colored: true), terminator: "")
/// ```
public struct QRCode: Equatable, Sendable {
    /// How much of the symbol may be damaged or hidden and still read: more correction makes
    /// a larger symbol.
    public enum Correction: Sendable {
        case low, medium, quartile, high

        var level: QRecLevel {
            switch self {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        }
    }

    /// Modules on a side.
    public let size: Int
    /// Row by row, true for a dark module.
    private let modules: [Bool]

    /// The symbol for the bytes of `text` (8-bit mode, the smallest version that holds them).
    public init(encoding text: String, correction: Correction = .medium) throws(QRCodeError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .empty }
        guard let symbol = EncodedSymbol(bytes, level: correction.level) else {
            // libqrencode says ERANGE when the text does not fit the largest symbol (version 40).
            throw errno == ERANGE ? .tooLong(bytes: bytes.count) : .failed(errno: errno)
        }
        let pointer = symbol.pointer.pointee
        size = Int(pointer.width)
        // Bit 0 of each byte is the module's colour; the other bits say what the module is for.
        modules = (0..<size * size).map { pointer.data[$0] & 1 == 1 }
    }

    /// Makes a code from its modules (row by row, `size`² of them); for tests and tools.
    public init(size: Int, modules: [Bool]) {
        precondition(modules.count == size * size, "a QR code of \(size) modules a side has \(size * size) modules")
        self.size = size
        self.modules = modules
    }

    /// True for a dark module; rows and columns outside the symbol are the light quiet zone.
    public subscript(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }
}

/// Why text could not be made into a QR code.
public enum QRCodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There was nothing to encode.
    case empty
    /// The text is longer than the largest QR code holds.
    case tooLong(bytes: Int)
    /// libqrencode failed for another reason (out of memory).
    case failed(errno: Int32)

    public var phrase: Phrase {
        switch self {
        case .empty: Phrase("a QR code needs some text to hold")
        case .tooLong(let bytes): Phrase("{bytes} bytes are more than a QR code holds", ["bytes": String(bytes)])
        case .failed(let number): Phrase("libqrencode could not make the QR code ({reason})", ["reason": String(cString: strerror(number))])
        }
    }

    public var description: String { phrase.english }
}

/// The symbol libqrencode made, freed with it.
private final class EncodedSymbol {
    let pointer: UnsafeMutablePointer<QRcode>

    init?(_ bytes: [UInt8], level: QRecLevel) {
        errno = 0
        guard let made = QRcode_encodeData(Int32(bytes.count), bytes, 0, level) else { return nil }
        pointer = made
    }

    deinit { QRcode_free(pointer) }
}
