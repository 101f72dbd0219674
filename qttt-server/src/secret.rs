//! Short codes for tables and classes, and seat tokens with their hashes.

use sha2::{Digest, Sha256};

/// The letters of a short code: digits and capitals without 0, 1, I and O,
/// which are easily mistaken for each other (32 symbols, 5 bits each).
const CODE_ALPHABET: &[u8; 32] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/// The length of a table's or a class's code: 32^6, about a billion codes.
pub const CODE_LEN: usize = 6;

/// Random bytes from the operating system.
fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes
}

/// A new random short code such as `K7QF2M`.
#[must_use]
pub fn new_code() -> String {
    random_bytes::<CODE_LEN>()
        .iter()
        .map(|byte| char::from(CODE_ALPHABET[usize::from(byte & 31)]))
        .collect()
}

/// A code as typed by a person, in its canonical form (capitals), if it
/// has the form of a code at all.
#[must_use]
pub fn normalize_code(code: &str) -> Option<String> {
    let code = code.trim().to_ascii_uppercase();
    (code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// A new seat token: 256 random bits as 64 hexadecimal digits. Only its
/// [`token_hash`] is ever stored.
#[must_use]
pub fn new_token() -> String {
    hex(&random_bytes::<32>())
}

/// The SHA-256 of a token, as 64 hexadecimal digits: what the store keeps.
#[must_use]
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// A random seed for a computer opponent.
#[must_use]
pub fn new_seed() -> u64 {
    u64::from_le_bytes(random_bytes())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_have_the_alphabet_and_length() {
        let code = new_code();
        assert_eq!(normalize_code(&code.to_lowercase()), Some(code));
        assert_eq!(normalize_code("K7QF2"), None);
        assert_eq!(normalize_code("K7QF2O"), None); // no letter O
    }

    #[test]
    fn tokens_are_256_bits_and_hash_with_sha256() {
        assert_eq!(new_token().len(), 64);
        assert_ne!(new_token(), new_token());
        // SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
