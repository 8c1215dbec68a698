#pragma once
// train.lock: how a reader tells a run that is being written from one whose writer is gone. The trainer
// holds a RunLock while it writes a run folder; the file names the process (pid, host, boot id, the
// process's start time). A reader judges it live when:
//   same host:    this boot (boot id) and a process with that pid runs and started at the recorded time
//                 (so a pid reused after a kill or a reboot does not keep a dead run "running");
//   another host: (a shared folder) a run file changed within kForeignLockStaleSeconds.
// A killed trainer leaves the file behind; it then reads as not live, and the next RunLock::acquire (the
// resume) replaces it.

#include "common/error.h"

#include <optional>
#include <string>
#include <vector>

namespace ys {

// The writer that holds train.lock, as read from the file.
struct RunLockInfo {
    long pid = 0;
    std::string host;
    double started = 0;      // when it was taken: seconds since the Unix epoch
    bool live = false;       // the writer still runs (see above)
};

// A run file changed this recently keeps another host's lock live (an epoch rarely takes longer).
constexpr double kForeignLockStaleSeconds = 6 * 3600.0;

const char* runLockFileName();   // "train.lock"

class RunLock final {
public:
    // Takes the lock on `runDir`. Error "run.locked" when a live writer holds it (another process, or this
    // one through another RunLock); a lock left by a dead writer is replaced.
    static Expected<RunLock> acquire(const std::string& runDir);
    // Reads `runDir`'s lock: nullopt when there is none; an unreadable file reads as not live and adds an
    // Error ("run.lock") to `problems` (if given).
    static std::optional<RunLockInfo> read(const std::string& runDir, std::vector<Error>* problems = nullptr);

    RunLock(RunLock&& other) noexcept;
    RunLock& operator=(RunLock&& other) noexcept;
    RunLock(const RunLock&) = delete;
    RunLock& operator=(const RunLock&) = delete;
    ~RunLock();   // removes the file, unless another writer has replaced it since

private:
    explicit RunLock(std::string path, std::string content);
    void release();
    std::string path_;
    std::string content_;   // what we wrote: released only while the file still holds it
};

}  // namespace ys
