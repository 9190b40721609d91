import CSQLite

/// `healthlog_row_digest(a, b, …)`: a 64-bit digest of the values it is given, in order, with
/// their types, as an integer. Two calls give the same digest for the same values and, but for
/// a chance of about one in 2^64, different ones for any others: `undo` keeps it instead of a
/// copy of a row a change added, to see later whether the row is still as the change left it.
///
/// It is FNV-1a over each value's type, then its bytes (an integer's or a real's eight, a
/// text's or a blob's length and bytes), so it is the same in every process and version: it
/// is stored in the log.
extension Database {
    /// The function's name in SQL.
    static let rowDigestFunction = "healthlog_row_digest"

    /// Makes ``rowDigestFunction`` callable on this connection (any number of arguments).
    func registerRowDigest() throws(SQLiteError) {
        let code = sqlite3_create_function_v2(
            handle, Self.rowDigestFunction, -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, nil,
            rowDigest, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, connection: handle, context: "cannot register \(Self.rowDigestFunction)")
        }
    }
}

/// The C entry point of ``Database/rowDigestFunction``.
private func rowDigest(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
    var digest = RowDigest()
    for index in 0..<Int(count) {
        let value = values?[index]
        let type = sqlite3_value_type(value)
        digest.add(UInt8(truncatingIfNeeded: type))
        switch type {
        case SQLITE_INTEGER: digest.add(UInt64(bitPattern: sqlite3_value_int64(value)))
        case SQLITE_FLOAT: digest.add(sqlite3_value_double(value).bitPattern)
        case SQLITE_TEXT, SQLITE_BLOB:
            // The pointer first, then the length: SQLite's documented order.
            let bytes = type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_value_text(value)) : sqlite3_value_blob(value)
            let length = Int(sqlite3_value_bytes(value))
            digest.add(UInt64(length))
            if let bytes { digest.add(UnsafeRawBufferPointer(start: bytes, count: length)) }
        default: break
        }
    }
    sqlite3_result_int64(context, Int64(bitPattern: digest.value))
}

/// FNV-1a, 64 bits.
struct RowDigest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// The eight bytes of `number`, lowest first.
    mutating func add(_ number: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { add(byte) }
    }
}
