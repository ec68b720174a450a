// The integration-test harness for real PostgreSQL and Redis servers.
//
// Under CTest, the "servers" fixture (tests/servers.sh) has started one private PostgreSQL and one
// private Redis for the run; their ports are read from its servers.env. A test binary run on its
// own starts a private pair itself (in a temporary directory) and stops it when the process exits.
// Each test suite should call FreshDatabase() so suites never see each other's rows.
#pragma once

#include <string>

#include "services/common/token.h"

namespace mailrun::testing {

int PostgresPort();
int RedisPort();
std::string RedisPassword();  // the test Redis requires AUTH, as deployments do
std::string RedisUrl();       // redis://:<password>@127.0.0.1:<port>

// Creates a new, empty database with a unique name starting with `prefix` (letters, digits and
// underscores only) and returns its connection URI. Nothing is migrated yet.
std::string FreshDatabase(const std::string& prefix);

// The tests' token keys (services/common/signing_keys.h formats): the lobby's signing key line
// (MAILRUN_TOKEN_SIGNING_KEY), the public keys every service trusts (MAILRUN_TOKEN_PUBLIC_KEYS),
// and the signer itself, for tests that mint tokens as the lobby would.
std::string TestSigningKey();
std::string TestPublicKeys();
const mailrun::service::TokenSigner& TestSigner();
const mailrun::service::TokenVerifier& TestVerifier();

// Path of a built binary, e.g. BinaryPath("mailrun-game") -> <build>/bin/mailrun-game.
std::string BinaryPath(const std::string& name);
std::string SourcePath(const std::string& relative);

// A loopback TCP port nobody listens on right now.
int FreePort();

}  // namespace mailrun::testing
