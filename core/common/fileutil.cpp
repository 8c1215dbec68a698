#include "common/fileutil.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace ys {
namespace {

bool syncFile(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

// "<name>.tmp<pid>_<n>" -> pid, or -1 when `name` is not one of tempPathFor's names.
long tempFileOwner(const std::string& name)
{
    const auto at = name.rfind(".tmp");
    if (at == std::string::npos || at == 0)
        return -1;
    const std::string rest = name.substr(at + 4);
    const auto us = rest.find('_');
    if (us == std::string::npos || us == 0 || us + 1 == rest.size())
        return -1;
    for (size_t i = 0; i < rest.size(); ++i)
        if (i != us && !std::isdigit(static_cast<unsigned char>(rest[i])))
            return -1;
    return std::stol(rest.substr(0, us));
}

}  // namespace

std::string tempPathFor(const std::string& path)
{
    static std::atomic<unsigned> counter{0};
    return path + ".tmp" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
}

int removeStaleTempFiles(const std::string& dir)
{
    int removed = 0;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (!it->is_regular_file(ec))
            continue;
        const long pid = tempFileOwner(it->path().filename().string());
        if (pid <= 0 || pid == ::getpid())
            continue;
        if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH)
            continue;  // that process still runs (or is not ours to judge): its file, not ours
        std::error_code rm;
        if (fs::remove(it->path(), rm))
            ++removed;
    }
    return removed;
}

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
    const std::string tmp = tempPathFor(path);
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

std::optional<double> modifiedTime(const std::string& path)
{
    std::error_code ec;
    const auto t = fs::last_write_time(path, ec);
    if (ec)
        return std::nullopt;
    return std::chrono::duration<double>(std::chrono::file_clock::to_sys(t).time_since_epoch()).count();
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
