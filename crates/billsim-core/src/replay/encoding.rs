//! How a file's bytes are its text.

/// UTF-8's byte-order mark, which Windows tools write at a file's start: not part of the
/// text, there or where a second file joined after the first begins.
pub const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";
