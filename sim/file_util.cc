#include "sim/file_util.h"

#include <filesystem>
#include <fstream>

namespace wa {

Status WriteFileAtomic(const std::string& path, std::string_view data) {
  std::filesystem::path p(path);
  std::error_code ec;
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return Internal("cannot write " + tmp);
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
    if (!out.flush()) return Internal("write failed: " + tmp);
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) return Internal("cannot rename " + tmp + " to " + path + ": " + ec.message());
  return Status::Ok();
}

}  // namespace wa
