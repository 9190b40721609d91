/// The members of one JSON object, read with errors that name the key and what it should be:
/// `'target.systolic' must be a whole number, not "high"`.
public struct JSONFields {
    private let value: JSONValue
    /// The key path of this object in its document, `""` for the root.
    public let path: String

    /// Reads `value`, which must be an object, found at `path`.
    public init(_ value: JSONValue, path: String = "") throws(ValidationError) {
        guard value.members != nil else {
            throw .invalid(path.isEmpty ? Phrase("the record must be an object") : Phrase("'{key}' must be an object", ["key": path]))
        }
        self.value = value
        self.path = path
    }

    /// `key`'s full path in the document, as errors name it.
    public func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The keys of this object, in order.
    public var keys: [String] { value.members?.map(\.0) ?? [] }

    public func optional(_ key: String) -> JSONValue? {
        guard let found = value[key], !found.isNull else { return nil }
        return found
    }

    public func required(_ key: String) throws(ValidationError) -> JSONValue {
        guard let found = optional(key) else { throw .invalid(Phrase("'{key}' is missing", ["key": name(key)])) }
        return found
    }

    /// The object at `key`.
    public func object(_ key: String) throws(ValidationError) -> JSONFields {
        try JSONFields(try required(key), path: name(key))
    }

    /// The object at `key`, or nil when it is absent or null.
    public func optionalObject(_ key: String) throws(ValidationError) -> JSONFields? {
        guard let found = optional(key) else { return nil }
        return try JSONFields(found, path: name(key))
    }

    public func string(_ key: String) throws(ValidationError) -> String {
        guard let text = try required(key).string else { throw .invalid(Phrase("'{key}' must be a string", ["key": name(key)])) }
        return text
    }

    public func optionalString(_ key: String) throws(ValidationError) -> String? {
        guard let found = optional(key) else { return nil }
        guard let text = found.string else { throw .invalid(Phrase("'{key}' must be a string", ["key": name(key)])) }
        return text
    }

    public func bool(_ key: String) throws(ValidationError) -> Bool {
        guard let flag = try required(key).bool else { throw .invalid(Phrase("'{key}' must be true or false", ["key": name(key)])) }
        return flag
    }

    public func optionalBool(_ key: String) throws(ValidationError) -> Bool? {
        guard let found = optional(key) else { return nil }
        guard let flag = found.bool else { throw .invalid(Phrase("'{key}' must be true or false", ["key": name(key)])) }
        return flag
    }

    public func int(_ key: String) throws(ValidationError) -> Int {
        guard let number = try optionalInt(key) else { throw .invalid(Phrase("'{key}' is missing", ["key": name(key)])) }
        return number
    }

    /// A whole number written as one (`72`), or a number with no fraction (`72.0`).
    public func optionalInt(_ key: String) throws(ValidationError) -> Int? {
        guard let found = optional(key) else { return nil }
        if let whole = found.int { return whole }
        guard let number = found.double, number.isFinite, number == number.rounded(), abs(number) < 1e9 else {
            throw .invalid(Phrase("'{key}' must be a whole number, not {value}", ["key": name(key), "value": found.serialized(indent: nil)]))
        }
        return Int(number)
    }

    public func double(_ key: String) throws(ValidationError) -> Double {
        guard let number = try optionalDouble(key) else { throw .invalid(Phrase("'{key}' is missing", ["key": name(key)])) }
        return number
    }

    public func optionalDouble(_ key: String) throws(ValidationError) -> Double? {
        guard let found = optional(key) else { return nil }
        guard let number = found.double, number.isFinite else { throw .invalid(Phrase("'{key}' must be a number", ["key": name(key)])) }
        return number
    }

    public func strings(_ key: String) throws(ValidationError) -> [String] {
        guard let found = optional(key) else { return [] }
        guard let items = found.array, items.allSatisfy({ $0.string != nil }) else {
            throw .invalid(Phrase("'{key}' must be a list of strings", ["key": name(key)]))
        }
        return items.compactMap(\.string)
    }

    /// The objects of the array at `key`.
    public func objects(_ key: String) throws(ValidationError) -> [JSONFields] {
        guard let items = try required(key).array else { throw .invalid(Phrase("'{key}' must be a list", ["key": name(key)])) }
        var result: [JSONFields] = []
        for (index, item) in items.enumerated() { result.append(try JSONFields(item, path: "\(name(key)).\(index)")) }
        return result
    }
}
