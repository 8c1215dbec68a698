#include "model/modelfile.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace ys {

namespace {

bool hasCheckpointExtension(const std::string& path)
{
    std::string ext = fs::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext == ".pt" || ext == ".pth" || ext == ".ckpt";
}

}  // namespace

bool isCheckpointFile(const std::string& path)
{
    std::error_code ec;
    if (path.empty() || !fs::is_regular_file(path, ec))
        return false;
    if (hasCheckpointExtension(path))
        return true;
    std::ifstream in(path, std::ios::binary);
    char head[4] = {0, 0, 0, 0};
    in.read(head, sizeof head);
    if (in.gcount() < 2)
        return false;
    const bool zip = in.gcount() == 4 && head[0] == 'P' && head[1] == 'K' && head[2] == '\x03' && head[3] == '\x04';
    const bool pickle = static_cast<unsigned char>(head[0]) == 0x80 && head[1] >= 2 && head[1] <= 5;  // PROTO 2-5
    return zip || pickle;
}

std::optional<Error> checkModelYamlArgument(const std::string& path)
{
    std::error_code ec;
    if (hasCheckpointExtension(path) && !fs::exists(path, ec)) {
        std::string yaml = fs::path(path).stem().string() + ".yaml";
        return Error{"model.is_checkpoint",
                     "names a checkpoint (.pt), not a model YAML, and the file does not exist: model= takes a model "
                     "YAML such as " + yaml + " (YOLO Studio downloads no weights)",
                     path, 0, 0};
    }
    if (!isCheckpointFile(path))
        return std::nullopt;
    return Error{"model.is_checkpoint",
                 "this is a checkpoint (trained weights), not a model YAML: name the file x.pt to start training "
                 "from it (model=x.pt), resume=" + path + " continues a YOLO Studio run, val or predict take it as "
                 "weights=" + path,
                 path, 0, 0};
}

}  // namespace ys
