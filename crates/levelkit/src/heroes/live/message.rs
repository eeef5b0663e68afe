//! The remote-control mod's messages, framed as Reloaded.Messaging 1.3.0 frames them.
//!
//! A message is the message type's bytes (`MessageType` is a `byte` enum: one byte) followed by the
//! message serialised by `MsgPackSerializer(useLz4: true)` with MessagePack-CSharp's contractless
//! resolver: a map from each public property's name to its value. Sources: Reloaded.Messaging 1.3.0
//! `Messages/Message.cs` (`Serialize`, `Deserialize`), `MessageHandler.cs` (dispatch on the first byte),
//! `Reloaded.Messaging.Serializer.MessagePack/MsgPackSerializer.cs`; the mod's
//! `HeroesPowerPlant.RemoteControl.Shared/MessageType.cs`, `Messages/SwapCollision.cs` and
//! `Messages/Acknowledgement.cs`.
//!
//! `LZ4MessagePackSerializer` wraps a body of 64 bytes or more in MessagePack ext type 99 and reads plain
//! MessagePack as well, so levelkit always sends plain bodies. The mod's only reply, `{"Null": 0}`, is 7
//! bytes and never wrapped; a wrapped body is reported, not decompressed.

use super::CollisionName;

/// The mod's `MessageType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum MessageType {
    /// Reload the stage's collision: `{"CollisionFileName": name}`.
    SwapCollision = 0,
    /// The reply once the reload ran: `{"Null": 0}`.
    Acknowledgement = 200,
}

/// The property name of `SwapCollision`'s one field.
const COLLISION_FILE_NAME: &str = "CollisionFileName";
/// The property name of `Acknowledgement`'s dummy field.
const NULL: &str = "Null";
/// MessagePack-CSharp's ext type for an LZ4 block (`LZ4MessagePackSerializer.ExtensionTypeCode`).
const LZ4_EXT_TYPE: i8 = 99;
/// More entries than any message of the mod has, by far; a map claiming more is refused before reading.
const MAX_MAP_ENTRIES: usize = 16;

/// A message as read from a channeled packet's data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `SwapCollision` with the collision's base name.
    SwapCollision {
        /// `CollisionFileName`.
        name: String,
    },
    /// `Acknowledgement`.
    Acknowledgement,
    /// A message type the mod does not define; its body is not read.
    Unknown(u8),
}

/// Why a message's bytes do not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at byte {offset} of the message, {what}")]
#[non_exhaustive]
pub struct MessageError {
    /// Where, from the message type byte (0).
    pub offset: usize,
    /// What was wrong.
    pub what: String,
}

/// The bytes of a `SwapCollision` message for `name`: type 0, then `{"CollisionFileName": name}`.
pub fn swap_collision(name: &CollisionName) -> Vec<u8> {
    let mut bytes = vec![MessageType::SwapCollision as u8];
    // Writing to a Vec cannot fail, and the lengths are far below any MessagePack limit.
    let _ = rmp::encode::write_map_len(&mut bytes, 1);
    let _ = rmp::encode::write_str(&mut bytes, COLLISION_FILE_NAME);
    let _ = rmp::encode::write_str(&mut bytes, name.as_str());
    bytes
}

/// The bytes of the mod's `Acknowledgement`: type 200, then `{"Null": 0}` (a `byte` 0 is a positive
/// fixint).
pub fn acknowledgement() -> Vec<u8> {
    let mut bytes = vec![MessageType::Acknowledgement as u8];
    let _ = rmp::encode::write_map_len(&mut bytes, 1);
    let _ = rmp::encode::write_str(&mut bytes, NULL);
    let _ = rmp::encode::write_pfix(&mut bytes, 0);
    bytes
}

/// A scalar value in a message's map; the mod's messages hold nothing else.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    Nil,
    Bool(bool),
    Int(i128),
    Str(String),
}

/// A bounds-checked reader over a message's bytes that knows its offset.
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn error(&self, what: impl Into<String>) -> MessageError {
        MessageError { offset: self.pos, what: what.into() }
    }

    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], MessageError> {
        let end = self.pos.checked_add(n).filter(|&end| end <= self.bytes.len());
        match end {
            Some(end) => {
                let s = &self.bytes[self.pos..end];
                self.pos = end;
                Ok(s)
            }
            None => {
                Err(self
                    .error(format!("reading {what}: needed {n} bytes, {} left", self.bytes.len() - self.pos)))
            }
        }
    }

    fn uint(&mut self, n: usize, what: &str) -> Result<u64, MessageError> {
        Ok(self.take(n, what)?.iter().fold(0u64, |acc, &b| (acc << 8) | u64::from(b)))
    }

    fn length(&mut self, n: usize, what: &str) -> Result<usize, MessageError> {
        let value = self.uint(n, what)?;
        usize::try_from(value).map_err(|_| self.error(format!("{what} {value} is too large")))
    }

    fn marker(&mut self, what: &str) -> Result<rmp::Marker, MessageError> {
        Ok(rmp::Marker::from_u8(self.take(1, what)?[0]))
    }

    fn str_body(&mut self, len: usize, what: &str) -> Result<String, MessageError> {
        let start = self.pos;
        let bytes = self.take(len, what)?;
        String::from_utf8(bytes.to_vec())
            .map_err(|_| MessageError { offset: start, what: format!("{what} is not UTF-8") })
    }

    fn string(&mut self, what: &str) -> Result<String, MessageError> {
        use rmp::Marker as M;
        let at = self.pos;
        let len = match self.marker(what)? {
            M::FixStr(n) => usize::from(n),
            M::Str8 => self.length(1, what)?,
            M::Str16 => self.length(2, what)?,
            M::Str32 => self.length(4, what)?,
            m => {
                return Err(MessageError {
                    offset: at,
                    what: format!("{what}: expected a string, found {m:?}"),
                })
            }
        };
        self.str_body(len, what)
    }

    fn value(&mut self, what: &str) -> Result<Value, MessageError> {
        use rmp::Marker as M;
        let at = self.pos;
        let signed = |bytes: &[u8]| -> i128 {
            let mut v: i128 = if bytes.first().is_some_and(|&b| b & 0x80 != 0) { -1 } else { 0 };
            for &b in bytes {
                v = (v << 8) | i128::from(b);
            }
            v
        };
        Ok(match self.marker(what)? {
            M::Null => Value::Nil,
            M::True => Value::Bool(true),
            M::False => Value::Bool(false),
            M::FixPos(n) => Value::Int(i128::from(n)),
            M::FixNeg(n) => Value::Int(i128::from(n)),
            M::U8 => Value::Int(i128::from(self.uint(1, what)?)),
            M::U16 => Value::Int(i128::from(self.uint(2, what)?)),
            M::U32 => Value::Int(i128::from(self.uint(4, what)?)),
            M::U64 => Value::Int(i128::from(self.uint(8, what)?)),
            M::I8 => Value::Int(signed(self.take(1, what)?)),
            M::I16 => Value::Int(signed(self.take(2, what)?)),
            M::I32 => Value::Int(signed(self.take(4, what)?)),
            M::I64 => Value::Int(signed(self.take(8, what)?)),
            M::FixStr(n) => Value::Str(self.str_body(usize::from(n), what)?),
            M::Str8 | M::Str16 | M::Str32 => {
                self.pos = at;
                Value::Str(self.string(what)?)
            }
            m => {
                return Err(MessageError {
                    offset: at,
                    what: format!("{what}: {m:?} is not a value the mod sends"),
                })
            }
        })
    }

    /// A whole body: a map of string keys to scalar values, and nothing after it.
    fn map(&mut self) -> Result<Vec<(String, Value)>, MessageError> {
        use rmp::Marker as M;
        let at = self.pos;
        let count = match self.marker("the body")? {
            M::FixMap(n) => usize::from(n),
            M::Map16 => self.length(2, "the map's size")?,
            M::Map32 => self.length(4, "the map's size")?,
            M::Ext8 | M::Ext16 | M::Ext32 => {
                let len_size = match rmp::Marker::from_u8(self.bytes[at]) {
                    M::Ext8 => 1,
                    M::Ext16 => 2,
                    _ => 4,
                };
                self.length(len_size, "the ext's size")?;
                let ext_type = i8::from_be_bytes([self.take(1, "the ext's type")?[0]]);
                let what = if ext_type == LZ4_EXT_TYPE {
                    "the body is LZ4-compressed (MessagePack ext 99), which levelkit does not read"
                        .to_string()
                } else {
                    format!("the body is MessagePack ext type {ext_type}, not a map")
                };
                return Err(MessageError { offset: at, what });
            }
            m => return Err(MessageError { offset: at, what: format!("the body is {m:?}, not a map") }),
        };
        if count > MAX_MAP_ENTRIES {
            return Err(MessageError {
                offset: at,
                what: format!("a map of {count} entries, more than the {MAX_MAP_ENTRIES} levelkit reads"),
            });
        }
        let mut entries = Vec::with_capacity(count);
        for _ in 0..count {
            let key = self.string("a key")?;
            let value = self.value(&format!("the value of {key:?}"))?;
            entries.push((key, value));
        }
        if self.pos != self.bytes.len() {
            return Err(self.error(format!("{} bytes after the map", self.bytes.len() - self.pos)));
        }
        Ok(entries)
    }
}

impl Message {
    /// Reads a message: the type byte, then (for the two types the mod defines) the body, checked to be a
    /// map with the type's field. Never panics; never allocates more than the bytes given.
    pub fn parse(bytes: &[u8]) -> Result<Message, MessageError> {
        let mut r = Reader { bytes, pos: 0 };
        let kind = r.take(1, "the message type")?[0];
        let field = |entries: &[(String, Value)], name: &str, pos: usize| -> Result<Value, MessageError> {
            entries
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
                .ok_or_else(|| MessageError { offset: pos, what: format!("the map has no {name:?}") })
        };
        if kind == MessageType::SwapCollision as u8 {
            let entries = r.map()?;
            match field(&entries, COLLISION_FILE_NAME, 1)? {
                Value::Str(name) => Ok(Message::SwapCollision { name }),
                v => Err(MessageError {
                    offset: 1,
                    what: format!("{COLLISION_FILE_NAME:?} is {v:?}, not a string"),
                }),
            }
        } else if kind == MessageType::Acknowledgement as u8 {
            let entries = r.map()?;
            match field(&entries, NULL, 1)? {
                Value::Int(_) => Ok(Message::Acknowledgement),
                v => Err(MessageError { offset: 1, what: format!("{NULL:?} is {v:?}, not a number") }),
            }
        } else {
            Ok(Message::Unknown(kind))
        }
    }
}

#[cfg(test)]
mod tests {
    //! The two messages as Reloaded.Messaging 1.3.0 frames them and MessagePack-CSharp's contractless
    //! resolver writes them.
    use super::*;

    #[test]
    fn swap_collision_bytes() {
        let bytes = swap_collision(&CollisionName::new("s03").unwrap());
        let want = [
            &[0x00][..],          // MessageType.SwapCollision
            &[0x81],              // fixmap, 1 entry
            &[0xB1],              // fixstr, 17 bytes
            b"CollisionFileName", // the property's name
            &[0xA3],              // fixstr, 3 bytes
            b"s03",               // the value
        ]
        .concat();
        assert_eq!(bytes, want);
        assert_eq!(Message::parse(&bytes), Ok(Message::SwapCollision { name: "s03".into() }));
    }

    #[test]
    fn acknowledgement_bytes() {
        assert_eq!(acknowledgement(), [0xC8, 0x81, 0xA4, b'N', b'u', b'l', b'l', 0x00]);
        assert_eq!(Message::parse(&acknowledgement()), Ok(Message::Acknowledgement));
        // Other encodings of the same map a MessagePack writer may choose: map16, uint8.
        let wide = [0xC8, 0xDE, 0x00, 0x01, 0xD9, 0x04, b'N', b'u', b'l', b'l', 0xCC, 0x00];
        assert_eq!(Message::parse(&wide), Ok(Message::Acknowledgement));
        assert_eq!(Message::parse(&[0x07, 0xFF]), Ok(Message::Unknown(7)));
    }

    #[test]
    fn hostile_bodies_are_refused_with_their_offset() {
        let err = |bytes: &[u8]| Message::parse(bytes).unwrap_err();
        let e = err(&[0xC8, 0xC7, 0x05, 99, 1, 2, 3, 4, 5]);
        assert!(e.what.contains("LZ4-compressed") && e.offset == 1, "{e}");
        let e = err(&[0xC8, 0xDF, 0xFF, 0xFF, 0xFF, 0xFF]);
        assert!(e.what.contains("more than the 16"), "{e}");
        let e = err(&[0xC8, 0x81, 0xA4, b'N', b'u']);
        assert!(e.what.contains("needed 4 bytes, 2 left") && e.offset == 3, "{e}");
        let e = err(&[0xC8, 0x81, 0xA4, b'N', b'u', b'l', b'l', 0x00, 0x00]);
        assert!(e.what.contains("1 bytes after the map"), "{e}");
        let e = err(&[0xC8, 0x81, 0xA4, b'N', b'u', b'l', b'l', 0x90]);
        assert!(e.what.contains("not a value the mod sends") && e.offset == 7, "{e}");
        let e = err(&[0xC8, 0x80]);
        assert!(e.what.contains("no \"Null\""), "{e}");
        let e = err(&[0x00, 0x81, 0xB1]);
        assert!(e.what.contains("reading a key"), "{e}");
        let e = err(&[0x00, 0x81, 0xA1, 0xFF, 0xC0]);
        assert!(e.what.contains("not UTF-8"), "{e}");
        let e = err(&[]);
        assert!(e.what.contains("the message type"), "{e}");
    }
}
