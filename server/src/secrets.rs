//! Room codes and seat tokens: random from the operating system, and tokens
//! kept only as hashes.

use sha2::{Digest, Sha256};

/// Letters and digits that read unambiguously (no 0/O, 1/I/L).
const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// Characters in a room code: 31^8, about 8.5e11 codes, so that guessing
/// one at the rate limit takes centuries.
pub const CODE_LENGTH: usize = 8;

/// Random bytes in a seat token (hex-encoded on the wire).
const TOKEN_BYTES: usize = 16;

/// Fills `buf` from the operating system's generator.
fn random_bytes(buf: &mut [u8]) -> std::io::Result<()> {
    getrandom::fill(buf).map_err(|e| std::io::Error::other(e.to_string()))
}

/// A new room code such as `K7QF3MXR`.
pub fn new_room_code() -> std::io::Result<String> {
    // 256 is not a multiple of 31: reject bytes above the last whole multiple.
    let limit = (256 / CODE_ALPHABET.len() * CODE_ALPHABET.len()) as u8;
    let mut code = String::with_capacity(CODE_LENGTH);
    let mut buf = [0u8; 32];
    while code.len() < CODE_LENGTH {
        random_bytes(&mut buf)?;
        for &b in buf.iter().filter(|&&b| b < limit) {
            if let Some(&c) = CODE_ALPHABET.get(b as usize % CODE_ALPHABET.len()) {
                if code.len() < CODE_LENGTH {
                    code.push(c as char);
                }
            }
        }
    }
    Ok(code)
}

/// A room code as typed by a person: trimmed and upper-cased. `None` if it
/// cannot be a code at all.
pub fn normalize_room_code(text: &str) -> Option<String> {
    let code = text.trim().to_ascii_uppercase();
    (code.len() == CODE_LENGTH && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// A new seat token: 128 random bits as hex.
pub fn new_token() -> std::io::Result<String> {
    let mut buf = [0u8; TOKEN_BYTES];
    random_bytes(&mut buf)?;
    Ok(hex(&buf))
}

/// The hash under which a token is stored, so that the database never holds
/// a secret that takes a seat.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// A coin toss from the operating system's generator.
pub fn coin() -> std::io::Result<bool> {
    let mut b = [0u8; 1];
    random_bytes(&mut b)?;
    Ok(b[0] & 1 == 1)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_use_the_alphabet_and_normalise() {
        let code = new_room_code().unwrap();
        assert_eq!(code.len(), CODE_LENGTH);
        assert_eq!(
            normalize_room_code(&code.to_lowercase()),
            Some(code.clone())
        );
        assert_eq!(normalize_room_code("OOOOOOOO"), None);
        assert_eq!(normalize_room_code("ABC"), None);
        assert_ne!(new_room_code().unwrap(), code);
    }

    #[test]
    fn tokens_are_random_and_hash_to_hex() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_ne!(a, b);
        assert_eq!(a.len(), 2 * TOKEN_BYTES);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
        assert_eq!(token_hash(&a), token_hash(&a));
    }
}
