extension KeyedDecodingContainer {
    /// The value under `key`, or `fallback` when the key is absent (or null): options stored in
    /// a model file by an older version lack the fields added since, and such a file must still
    /// load.
    func decode<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }
}
