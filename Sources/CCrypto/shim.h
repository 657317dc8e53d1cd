/* CCrypto: OpenSSL's libcrypto for Swift, as a system library (pkg-config libcrypto),
 * for the harness's digests only (golden seals, case fingerprints, stream hashes): the
 * one-shot SHA256() of <openssl/sha.h>, not deprecated in OpenSSL 3. Never linked by the
 * testee kit (KitDependencyTests, scripts/test). */
#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H

#include <openssl/sha.h>

#endif
