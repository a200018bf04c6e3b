//! A payload that is already postcard bytes (a blob's answer), re-emitted as it is.

use databake::{Bake, BakeSize, CrateEnv, TokenStream, quote};
use icu_provider::prelude::*;
use serde::ser::{Serialize, SerializeTuple, Serializer};

/// One payload's postcard bytes. It serializes as a tuple of bytes, which postcard writes
/// raw (no length): the exported blob holds exactly the bytes the source blob held.
#[derive(Debug, PartialEq, yoke::Yokeable)]
pub struct RawPostcard(pub Vec<u8>);

icu_provider::data_struct!(RawPostcard);

/// The marker of [`RawPostcard`] payloads (a dynamic marker: the real one is given with
/// each payload).
#[derive(Debug)]
pub struct RawPostcardMarker;

impl DynamicDataMarker for RawPostcardMarker {
    type DataStruct = RawPostcard;
}

impl Serialize for RawPostcard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut tuple = serializer.serialize_tuple(self.0.len())?;
        for byte in &self.0 {
            tuple.serialize_element(byte)?;
        }
        tuple.end()
    }
}

// The exporter's payload type asks for these; the blob exporter never bakes.
impl Bake for RawPostcard {
    fn bake(&self, ctx: &CrateEnv) -> TokenStream {
        let bytes = self.0.as_slice().bake(ctx);
        quote! { RawPostcard(#bytes.to_vec()) }
    }
}

impl BakeSize for RawPostcard {
    fn borrows_size(&self) -> usize {
        self.0.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_postcard_is_written_as_its_bytes_without_a_length() {
        let bytes = vec![3, 0, 255, 7];
        let written = postcard::to_allocvec(&RawPostcard(bytes.clone())).expect("serializes");
        assert_eq!(written, bytes);
    }
}
