// Atomic file writes: the data goes to PATH.tmp in the same directory, then a rename replaces
// PATH, so readers see the old file or the new one, never a partial write.
#ifndef WEBAGENT_SIM_FILE_UTIL_H_
#define WEBAGENT_SIM_FILE_UTIL_H_

#include <string>
#include <string_view>

#include "sim/status.h"

namespace wa {

// Creates missing parent directories.
Status WriteFileAtomic(const std::string& path, std::string_view data);

}  // namespace wa

#endif  // WEBAGENT_SIM_FILE_UTIL_H_
