import CDBus

/// A value written into a D-Bus message: the few types the desktop's interfaces use. A
/// dictionary is `a{sv}`, its values in variants, written in its keys' order.
package enum BusValue: Equatable, Sendable {
  case string(String)
  case objectPath(String)
  case bool(Bool)
  case int64(Int64)
  case uint32(UInt32)
  case double(Double)
  /// `as`.
  case strings([String])
  /// `a{sv}`.
  case dictionary([String: BusValue])

  /// Its D-Bus signature: `s`, `o`, `a{sv}`, ….
  package var signature: String {
    switch self {
    case .string: return "s"
    case .objectPath: return "o"
    case .bool: return "b"
    case .int64: return "x"
    case .uint32: return "u"
    case .double: return "d"
    case .strings: return "as"
    case .dictionary: return "a{sv}"
    }
  }
}

/// Writes values into a message through libdbus's iterator (its variadic functions cannot be
/// called from Swift).
package struct BusWriter {
  private var iterator = DBusMessageIter()

  package init(_ message: OpaquePointer) {
    dbus_message_iter_init_append(message, &iterator)
  }

  /// Appends each value as an argument of its own type.
  package mutating func append(_ values: [BusValue]) {
    for value in values { Self.append(value, to: &iterator) }
  }

  /// Appends `value` in a variant (`v`): a property's value.
  package mutating func appendVariant(_ value: BusValue) {
    Self.variant(value, in: &iterator)
  }

  private static func append(_ value: BusValue, to iterator: inout DBusMessageIter) {
    switch value {
    case .string(let text): basic(text, TypeCode.string, to: &iterator)
    case .objectPath(let path): basic(path, TypeCode.objectPath, to: &iterator)
    case .bool(let flag):
      var word: dbus_bool_t = flag ? 1 : 0
      dbus_message_iter_append_basic(&iterator, TypeCode.bool, &word)
    case .int64(var number): dbus_message_iter_append_basic(&iterator, TypeCode.int64, &number)
    case .uint32(var number): dbus_message_iter_append_basic(&iterator, TypeCode.uint32, &number)
    case .double(var number): dbus_message_iter_append_basic(&iterator, TypeCode.double, &number)
    case .strings(let texts):
      var array = DBusMessageIter()
      dbus_message_iter_open_container(&iterator, TypeCode.array, "s", &array)
      for text in texts { basic(text, TypeCode.string, to: &array) }
      dbus_message_iter_close_container(&iterator, &array)
    case .dictionary(let entries):
      var array = DBusMessageIter()
      dbus_message_iter_open_container(&iterator, TypeCode.array, "{sv}", &array)
      for key in entries.keys.sorted() {
        var entry = DBusMessageIter()
        dbus_message_iter_open_container(&array, TypeCode.dictEntry, nil, &entry)
        basic(key, TypeCode.string, to: &entry)
        variant(entries[key]!, in: &entry)
        dbus_message_iter_close_container(&array, &entry)
      }
      dbus_message_iter_close_container(&iterator, &array)
    }
  }

  private static func variant(_ value: BusValue, in iterator: inout DBusMessageIter) {
    var variant = DBusMessageIter()
    dbus_message_iter_open_container(&iterator, TypeCode.variant, value.signature, &variant)
    append(value, to: &variant)
    dbus_message_iter_close_container(&iterator, &variant)
  }

  private static func basic(_ text: String, _ type: Int32, to iterator: inout DBusMessageIter) {
    text.withCString { characters in
      var pointer: UnsafePointer<CChar>? = characters
      _ = dbus_message_iter_append_basic(&iterator, type, &pointer)
    }
  }
}

/// Reads a message's arguments in order.
package struct BusReader {
  private var iterator = DBusMessageIter()

  package init(_ message: OpaquePointer) {
    dbus_message_iter_init(message, &iterator)
  }

  /// The next argument as a string (or an object path), or nil, and nothing read, when it is
  /// neither.
  package mutating func string() -> String? {
    let type = dbus_message_iter_get_arg_type(&iterator)
    guard type == TypeCode.string || type == TypeCode.objectPath else { return nil }
    var pointer: UnsafePointer<CChar>?
    dbus_message_iter_get_basic(&iterator, &pointer)
    dbus_message_iter_next(&iterator)
    return pointer.map { String(cString: $0) }
  }

  package mutating func bool() -> Bool? {
    guard dbus_message_iter_get_arg_type(&iterator) == TypeCode.bool else { return nil }
    var value: dbus_bool_t = 0
    dbus_message_iter_get_basic(&iterator, &value)
    dbus_message_iter_next(&iterator)
    return value != 0
  }

  package mutating func uint32() -> UInt32? {
    guard dbus_message_iter_get_arg_type(&iterator) == TypeCode.uint32 else { return nil }
    var value: UInt32 = 0
    dbus_message_iter_get_basic(&iterator, &value)
    dbus_message_iter_next(&iterator)
    return value
  }
}

/// D-Bus type codes (the header's macros are casts Swift does not import).
private enum TypeCode {
  static let bool = Int32(UInt8(ascii: "b"))
  static let int64 = Int32(UInt8(ascii: "x"))
  static let uint32 = Int32(UInt8(ascii: "u"))
  static let double = Int32(UInt8(ascii: "d"))
  static let string = Int32(UInt8(ascii: "s"))
  static let objectPath = Int32(UInt8(ascii: "o"))
  static let array = Int32(UInt8(ascii: "a"))
  static let variant = Int32(UInt8(ascii: "v"))
  static let dictEntry = Int32(UInt8(ascii: "e"))
}
