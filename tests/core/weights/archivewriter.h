#pragma once
// Writes PyTorch zip archives (as torch.save does: LibTorch's PyTorchStreamWriter, records under one top
// folder named after the file) and reads their records back, for the weights tests. Includes LibTorch.
#include <caffe2/serialize/inline_container.h>

#include <string>
#include <utility>
#include <vector>

namespace ys::test {

using Records = std::vector<std::pair<std::string, std::string>>;  // name (without the folder) -> bytes

// Writes `records` to `path`; the folder inside is the file's stem ("best.pt" -> "best/"). False on failure.
inline bool writeArchive(const std::string& path, const Records& records)
{
    try {
        caffe2::serialize::PyTorchStreamWriter writer(path);
        for (const auto& [name, bytes] : records)
            writer.writeRecord(name, bytes.data(), bytes.size());
        writer.writeEndOfFile();
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

// Every record of an archive except the `version` the writer adds itself.
inline Records readArchive(const std::string& path)
{
    caffe2::serialize::PyTorchStreamReader reader(path);
    Records out;
    for (const std::string& name : reader.getAllRecords()) {
        if (name == "version" || name == ".data/version")
            continue;
        auto [ptr, n] = reader.getRecord(name);
        out.emplace_back(name, std::string(static_cast<const char*>(ptr.get()), n));
    }
    return out;
}

inline std::string* findRecord(Records& records, const std::string& name)
{
    for (auto& [n, bytes] : records)
        if (n == name)
            return &bytes;
    return nullptr;
}

}  // namespace ys::test
