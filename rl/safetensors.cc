#include "rl/safetensors.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

namespace wa {
namespace {

struct DtypeInfo {
  const char* name;
  torch::Dtype dtype;
  size_t bytes;
};

const DtypeInfo kDtypes[] = {{"F32", torch::kFloat32, 4},   {"F16", torch::kFloat16, 2},
                             {"BF16", torch::kBFloat16, 2}, {"F64", torch::kFloat64, 8},
                             {"I64", torch::kInt64, 8},     {"I32", torch::kInt32, 4}};

const DtypeInfo* ByName(const std::string& name) {
  for (const DtypeInfo& d : kDtypes) {
    if (name == d.name) return &d;
  }
  return nullptr;
}

const DtypeInfo* ByDtype(torch::Dtype t) {
  for (const DtypeInfo& d : kDtypes) {
    if (d.dtype == t) return &d;
  }
  return nullptr;
}

// A read-only memory map of a whole file.
class Mapped {
 public:
  ~Mapped() {
    if (data_ != nullptr) munmap(data_, size_);
  }
  Status Open(const std::string& path) {
    int fd = open(path.c_str(), O_RDONLY);
    if (fd < 0) return NotFound("cannot open " + path);
    struct stat st {};
    if (fstat(fd, &st) != 0) {
      close(fd);
      return Internal("cannot stat " + path);
    }
    size_ = static_cast<size_t>(st.st_size);
    if (size_ > 0) {
      void* p = mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
      if (p == MAP_FAILED) {
        close(fd);
        return Internal("cannot map " + path);
      }
      data_ = static_cast<char*>(p);
    }
    close(fd);
    return Status::Ok();
  }
  const char* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  char* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace

Result<TensorMap> ReadSafetensors(const std::string& path) {
  Mapped m;
  WA_RETURN_IF_ERROR(m.Open(path));
  if (m.size() < 8) return InvalidArgument(path + ": too short for a safetensors file");
  uint64_t header_len = 0;
  for (int i = 7; i >= 0; --i)
    header_len = header_len << 8 | static_cast<unsigned char>(m.data()[i]);
  if (header_len > m.size() - 8 || header_len > (100u << 20)) {
    return InvalidArgument(path + ": header length " + std::to_string(header_len) +
                           " exceeds the file");
  }
  auto header = nlohmann::json::parse(m.data() + 8, m.data() + 8 + header_len, nullptr, false);
  if (header.is_discarded() || !header.is_object()) {
    return InvalidArgument(path + ": the header is not a JSON object");
  }
  const char* base = m.data() + 8 + header_len;
  size_t data_size = m.size() - 8 - header_len;
  TensorMap out;
  for (const auto& [name, info] : header.items()) {
    if (name == "__metadata__") continue;
    try {
      const DtypeInfo* d = ByName(info.at("dtype").get<std::string>());
      if (d == nullptr) {
        return InvalidArgument(path + ": tensor " + name + " has unsupported dtype " +
                               info.at("dtype").get<std::string>());
      }
      std::vector<int64_t> shape = info.at("shape").get<std::vector<int64_t>>();
      auto offsets = info.at("data_offsets").get<std::vector<uint64_t>>();
      uint64_t numel = 1;
      for (int64_t s : shape) {
        if (s < 0) return InvalidArgument(path + ": tensor " + name + " has a negative dimension");
        numel *= static_cast<uint64_t>(s);
      }
      if (offsets.size() != 2 || offsets[0] > offsets[1] || offsets[1] > data_size ||
          offsets[1] - offsets[0] != numel * d->bytes) {
        return InvalidArgument(path + ": tensor " + name + " has bad data_offsets");
      }
      torch::Tensor t = torch::empty(shape, torch::TensorOptions().dtype(d->dtype));
      if (numel > 0) std::memcpy(t.data_ptr(), base + offsets[0], offsets[1] - offsets[0]);
      out.emplace(name, std::move(t));
    } catch (const nlohmann::json::exception& e) {
      return InvalidArgument(path + ": tensor " + name + ": " + e.what());
    }
  }
  return out;
}

Result<TensorMap> ReadCheckpointTensors(const std::string& dir) {
  namespace fs = std::filesystem;
  fs::path single = fs::path(dir) / "model.safetensors";
  if (fs::exists(single)) return ReadSafetensors(single.string());
  fs::path index = fs::path(dir) / "model.safetensors.index.json";
  if (!fs::exists(index)) {
    return NotFound(dir + " has neither model.safetensors nor model.safetensors.index.json");
  }
  std::ifstream f(index);
  auto j = nlohmann::json::parse(f, nullptr, false);
  if (j.is_discarded() || !j.contains("weight_map")) {
    return InvalidArgument(index.string() + ": no weight_map");
  }
  std::set<std::string> shards;
  for (const auto& [name, file] : j["weight_map"].items()) shards.insert(file.get<std::string>());
  TensorMap out;
  for (const std::string& shard : shards) {
    if (shard.find("..") != std::string::npos || shard.find('/') != std::string::npos) {
      return InvalidArgument(index.string() + ": bad shard name " + shard);
    }
    auto part = ReadSafetensors((fs::path(dir) / shard).string());
    if (!part.ok()) return part.status();
    for (auto& [name, t] : *part) out.emplace(name, std::move(t));
  }
  return out;
}

Status WriteSafetensors(const std::string& path, const TensorMap& tensors, torch::Dtype dtype,
                        const std::map<std::string, std::string>& metadata) {
  const DtypeInfo* d = ByDtype(dtype);
  if (d == nullptr) return InvalidArgument("unsupported dtype for writing");
  nlohmann::json header = nlohmann::json::object();
  if (!metadata.empty()) header["__metadata__"] = metadata;
  std::vector<torch::Tensor> data;
  uint64_t offset = 0;
  for (const auto& [name, t] : tensors) {
    torch::Tensor c = t.detach().to(torch::kCPU).to(dtype).contiguous();
    uint64_t nbytes = static_cast<uint64_t>(c.numel()) * d->bytes;
    header[name] = {{"dtype", d->name},
                    {"shape", c.sizes().vec()},
                    {"data_offsets", {offset, offset + nbytes}}};
    offset += nbytes;
    data.push_back(std::move(c));
  }
  std::string h = header.dump();
  while ((h.size() + 8) % 8 != 0) h += ' ';
  std::filesystem::path p(path);
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
  std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary);
    if (!f) return Internal("cannot write " + tmp);
    uint64_t n = h.size();
    char len[8];
    for (int i = 0; i < 8; ++i) len[i] = static_cast<char>((n >> (8 * i)) & 0xFF);
    f.write(len, 8);
    f.write(h.data(), static_cast<std::streamsize>(h.size()));
    for (const torch::Tensor& t : data) {
      f.write(static_cast<const char*>(t.data_ptr()),
              static_cast<std::streamsize>(static_cast<uint64_t>(t.numel()) * d->bytes));
    }
    f.flush();
    if (!f) return Internal("write failed: " + tmp);
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) return Internal("cannot rename " + tmp + ": " + ec.message());
  return Status::Ok();
}

}  // namespace wa
