#include "common/fileutil.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace ys {
namespace {

std::string tempNameFor(const std::string& path)
{
    static std::atomic<unsigned> counter{0};
    return path + ".tmp" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
}

bool syncFile(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

}  // namespace

std::optional<Error> commitFileAtomic(const std::string& tmpPath, const std::string& path)
{
    syncFile(tmpPath);
    std::error_code ec;
    fs::rename(tmpPath, path, ec);
    if (ec) {
        fs::remove(tmpPath, ec);
        return Error{"file.rename", "could not replace the file: " + ec.message(), path, 0, 0};
    }
    return std::nullopt;
}

std::optional<Error> writeFileAtomic(const std::string& path, const std::string& content)
{
    std::error_code ec;
    const fs::path parent = fs::path(path).parent_path();
    if (!parent.empty())
        fs::create_directories(parent, ec);
    const std::string tmp = tempNameFor(path);
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            return Error{"file.write", std::string("could not create the file: ") + std::strerror(errno), path, 0, 0};
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        out.flush();
        if (!out) {
            fs::remove(tmp, ec);
            return Error{"file.write", "could not write the file (disk full?)", path, 0, 0};
        }
    }
    return commitFileAtomic(tmp, path);
}

Expected<std::string> readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{"file.read", std::string("could not open the file: ") + std::strerror(errno), path, 0, 0};
    std::ostringstream os;
    os << in.rdbuf();
    return os.str();
}

}  // namespace ys
