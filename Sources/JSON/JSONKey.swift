/// Whether a key as ``JSONScanner/readObject(_:)`` hands it over is `pattern`, compared as bytes:
/// `switch key { case "clock": … }` reads an object's members with no `String` made of each key.
@inlinable
public func ~= (pattern: StaticString, key: UnsafeBufferPointer<UInt8>) -> Bool {
    pattern.utf8CodeUnitCount == key.count && UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount).elementsEqual(key)
}
