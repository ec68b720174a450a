// The lobby's PostgreSQL connections come from the services' shared pool
// (services/common/connection_pool.h): request threads and the reconciler each lease one.
#pragma once

#include "services/common/connection_pool.h"

namespace mailrun::lobby {

using ConnectionPool = mailrun::service::ConnectionPool;

}  // namespace mailrun::lobby
