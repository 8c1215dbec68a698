#include "run/runlock.h"

#include "common/fileutil.h"

#include <nlohmann/json.hpp>

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace ys {
namespace {

// Files a training run rewrites at least once per epoch (for another host's lock).
constexpr const char* kLiveFiles[] = {"train.lock", "events.jsonl", "results.csv", "memory.csv", "weights/last.pt"};

double unixNow()
{
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string firstLine(const std::string& path)
{
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

std::string hostName()
{
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0)
        return {};
    return buf;
}

std::string bootId()
{
    return firstLine("/proc/sys/kernel/random/boot_id");
}

struct ProcStat {
    char state = '?';
    long long startTicks = -1;   // clock ticks after boot
};

// /proc/<pid>/stat: "pid (comm) state ppid ... starttime(22nd field) ..."; comm may hold spaces and ')'.
std::optional<ProcStat> procStat(long pid)
{
    const std::string line = firstLine("/proc/" + std::to_string(pid) + "/stat");
    const auto close = line.rfind(')');
    if (close == std::string::npos)
        return std::nullopt;
    std::istringstream fields(line.substr(close + 1));
    ProcStat s;
    fields >> s.state;
    std::string skip;
    for (int i = 4; i < 22 && fields >> skip; ++i) {
    }
    if (!(fields >> s.startTicks))
        return std::nullopt;
    return s;
}

std::string stringOr(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}


bool processLive(long pid, long long startTicks)
{
    if (pid <= 0)
        return false;
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
        return false;
    const auto stat = procStat(pid);
    if (!stat)
        return true;   // no /proc (not Linux): kill() is all we can tell
    if (stat->state == 'Z' || stat->state == 'X')
        return false;  // killed and not yet reaped
    return startTicks < 0 || stat->startTicks == startTicks;
}

bool recentlyWritten(const std::string& runDir)
{
    double newest = 0;
    for (const char* name : kLiveFiles)
        newest = std::max(newest, modifiedTime((fs::path(runDir) / name).string()).value_or(0.0));
    return unixNow() - newest < kForeignLockStaleSeconds;
}

std::string lockContent()
{
    const auto self = procStat(::getpid());
    nlohmann::json j{{"pid", static_cast<long>(::getpid())},
                     {"host", hostName()},
                     {"boot_id", bootId()},
                     {"process_start", self ? self->startTicks : -1LL},
                     {"started", unixNow()}};
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace

const char* runLockFileName() { return "train.lock"; }

std::optional<RunLockInfo> RunLock::read(const std::string& runDir, std::vector<Error>* problems)
{
    const std::string path = (fs::path(runDir) / runLockFileName()).string();
    std::error_code ec;
    if (!fs::exists(path, ec))
        return std::nullopt;
    RunLockInfo info;
    auto text = readFile(path);
    const auto j = text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json();
    if (!j.is_object() || !j.contains("pid") || !j["pid"].is_number_integer()) {
        if (problems)
            problems->push_back(Error{"run.lock", "train.lock cannot be read; the run is taken as not running",
                                      path, 0, 0});
        return info;
    }
    info.pid = j["pid"].get<long>();
    info.host = stringOr(j, "host");
    info.started = j.contains("started") && j["started"].is_number() ? j["started"].get<double>() : 0;
    const long long startTicks =
        j.contains("process_start") && j["process_start"].is_number_integer() ? j["process_start"].get<long long>() : -1;
    const std::string boot = stringOr(j, "boot_id");
    if (info.host != hostName())
        info.live = recentlyWritten(runDir);
    else if (!boot.empty() && boot != bootId())
        info.live = false;   // written before this machine's last reboot
    else
        info.live = processLive(info.pid, startTicks);
    return info;
}

Expected<RunLock> RunLock::acquire(const std::string& runDir)
{
    const std::string path = (fs::path(runDir) / runLockFileName()).string();
    const std::string content = lockContent();
    const std::string tmp = tempPathFor(path);
    // Two tries: the second after removing a lock whose writer is gone.
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (auto held = read(runDir); held && held->live)
            return Error{"run.locked",
                         "another training process (pid " + std::to_string(held->pid) +
                             (held->host.empty() ? "" : " on " + held->host) +
                             ") is writing this run folder; wait for it to end or stop it first",
                         runDir, 0, 0};
        else if (held) {
            std::error_code ec;
            fs::remove(path, ec);
        }
        if (auto err = writeFileAtomic(tmp, content))
            return *err;
        // link() creates the lock only if no other writer made one in between, and with its whole content.
        const int rc = ::link(tmp.c_str(), path.c_str());
        const int linkErrno = errno;
        std::error_code ec;
        fs::remove(tmp, ec);
        if (rc == 0)
            return RunLock(path, content);
        if (linkErrno != EEXIST) {
            // A file system without hard links: an atomic write is the best left.
            if (auto err = writeFileAtomic(path, content))
                return *err;
            return RunLock(path, content);
        }
    }
    return Error{"run.locked", "another training process took this run folder at the same moment", runDir, 0, 0};
}

RunLock::RunLock(std::string path, std::string content) : path_(std::move(path)), content_(std::move(content)) {}

RunLock::RunLock(RunLock&& other) noexcept : path_(std::move(other.path_)), content_(std::move(other.content_))
{
    other.path_.clear();
}

RunLock& RunLock::operator=(RunLock&& other) noexcept
{
    if (this != &other) {
        release();
        path_ = std::move(other.path_);
        content_ = std::move(other.content_);
        other.path_.clear();
    }
    return *this;
}

RunLock::~RunLock()
{
    release();
}

void RunLock::release()
{
    if (path_.empty())
        return;
    auto now = readFile(path_);
    if (now && *now == content_) {
        std::error_code ec;
        fs::remove(path_, ec);
    }
    path_.clear();
}

}  // namespace ys
