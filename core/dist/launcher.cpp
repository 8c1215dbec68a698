#include "dist/launcher.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace ys::dist {
namespace {

// Time a worker gets between SIGTERM and SIGKILL.
constexpr auto kTermGrace = std::chrono::seconds(5);

std::string signalName(int sig)
{
    switch (sig) {
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    case SIGINT: return "SIGINT";
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGHUP: return "SIGHUP";
    case SIGPIPE: return "SIGPIPE";
    default: return "signal";
    }
}

int pidfdOpen(int pid)
{
    return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
}

// This process's environment without the variables that place a worker in the world (each rank gets its own).
std::vector<std::string> inheritedEnvironment()
{
    static const char* const kOwn[] = {"RANK", "LOCAL_RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE", "GROUP_RANK",
                                       "GROUP_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT",
                                       "TORCHELASTIC_RESTART_COUNT", "TORCHELASTIC_USE_AGENT_STORE",
                                       "TORCHELASTIC_RUN_ID", "YS_DIST_LAUNCHER", "YS_DIST_TIMEOUT"};
    std::vector<std::string> env;
    for (const auto& [k, v] : processEnvironment()) {
        bool own = false;
        for (const char* o : kOwn)
            own = own || k == o;
        if (!own)
            env.push_back(k + "=" + v);
    }
    return env;
}

// Local rank `local`'s environment, as torchrun sets it for its workers.
std::vector<std::string> rankEnvironment(const WorldSpec& world, int local, std::vector<std::string> env)
{
    env.push_back("RANK=" + std::to_string(world.nodeRank * world.localSize + local));
    env.push_back("LOCAL_RANK=" + std::to_string(local));
    env.push_back("WORLD_SIZE=" + std::to_string(world.size));
    env.push_back("LOCAL_WORLD_SIZE=" + std::to_string(world.localSize));
    env.push_back("GROUP_RANK=" + std::to_string(world.nodeRank));
    env.push_back("GROUP_WORLD_SIZE=" + std::to_string(world.nodes));
    env.push_back("MASTER_ADDR=" + world.masterAddr);
    env.push_back("MASTER_PORT=" + std::to_string(world.masterPort));
    env.push_back("TORCHELASTIC_RESTART_COUNT=0");
    env.push_back("YS_DIST_LAUNCHER=studio");
    env.push_back("YS_DIST_TIMEOUT=" + std::to_string(world.timeout.count()));
    return env;
}

// A started child: pid < 0 when it could not be forked (error: errno); error != 0 with a pid when its exec
// failed (the child's errno, sent back through a close-on-exec pipe).
struct Spawned {
    pid_t pid = -1;
    int error = 0;
};

// Forks and executes argv with `env`; the child dies with its parent thread (PR_SET_PDEATHSIG).
Spawned spawn(std::vector<std::string> argv, std::vector<std::string> env, pid_t self)
{
    std::vector<char*> envp, args;
    for (auto& e : env)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    for (auto& a : argv)
        args.push_back(a.data());
    args.push_back(nullptr);
    int errPipe[2];
    if (::pipe2(errPipe, O_CLOEXEC) != 0)
        return {-1, errno};
    const pid_t pid = ::fork();
    if (pid == 0) {
        // Child: async-signal-safe calls only until exec.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != self)
            ::_exit(127);
        ::close(errPipe[0]);
        ::execve(args[0], args.data(), envp.data());
        const int e = errno;
        (void)!::write(errPipe[1], &e, sizeof e);
        ::_exit(127);
    }
    ::close(errPipe[1]);
    if (pid < 0) {
        const int e = errno;
        ::close(errPipe[0]);
        return {-1, e};
    }
    int childErrno = 0;
    const ssize_t got = ::read(errPipe[0], &childErrno, sizeof childErrno);   // EOF at a successful exec
    ::close(errPipe[0]);
    return {pid, got == sizeof childErrno ? childErrno : 0};
}

}  // namespace

std::string describeWorkers(const std::vector<std::pair<int, int>>& processes)
{
    std::string text;
    for (const auto& [rank, pid] : processes)
        text += "; rank " + std::to_string(rank) + " is pid " + std::to_string(pid);
    return text;
}

std::string WorkerExit::describe() const
{
    const std::string who = "rank " + std::to_string(rank) + " (pid " + std::to_string(pid) + ")";
    if (signaled)
        return who + " was killed by signal " + std::to_string(status) + " (" + signalName(status) + ")";
    if (status == 127)
        return who + " could not be started (exit code 127)";
    return who + " exited with code " + std::to_string(status);
}

Expected<std::unique_ptr<LocalWorkers>> LocalWorkers::start(const WorldSpec& world, const std::vector<std::string>& argv)
{
    std::unique_ptr<LocalWorkers> w(new LocalWorkers());
    if (::pipe2(w->wakeFd_, O_CLOEXEC | O_NONBLOCK) != 0)
        return Error{"dist.spawn", std::string("cannot start worker processes: ") + std::strerror(errno), {}, 0, 0};
    w->thread_ = std::thread([raw = w.get(), world, argv] { raw->monitor(world, argv); });
    std::unique_lock lock(w->mutex_);
    w->changed_.wait(lock, [&] { return w->started_; });
    if (w->startError_) {
        const Error err = *w->startError_;
        lock.unlock();
        w->finish(std::chrono::milliseconds(0));
        return err;
    }
    return w;
}

LocalWorkers::~LocalWorkers()
{
    if (thread_.joinable())
        finish(std::chrono::milliseconds(0));
    for (int fd : wakeFd_)
        if (fd >= 0)
            ::close(fd);
}

int LocalWorkers::count() const
{
    std::lock_guard lock(mutex_);
    return static_cast<int>(pids_.size());
}

std::vector<std::pair<int, int>> LocalWorkers::processes() const
{
    std::lock_guard lock(mutex_);
    std::vector<std::pair<int, int>> out;
    for (size_t i = 0; i < pids_.size(); ++i)
        out.emplace_back(ranks_[i], pids_[i]);
    return out;
}

std::vector<WorkerExit> LocalWorkers::exits() const
{
    std::lock_guard lock(mutex_);
    return exits_;
}

std::optional<WorkerExit> LocalWorkers::firstFailure() const
{
    std::lock_guard lock(mutex_);
    for (const WorkerExit& e : exits_)
        if (!e.ok())
            return e;
    return std::nullopt;
}

void LocalWorkers::monitor(const WorldSpec& world, const std::vector<std::string>& argv)
{
    // The children are forked from this thread: PR_SET_PDEATHSIG fires when it ends, and it lives until every
    // child has been reaped.
    const std::vector<std::string> baseEnv = inheritedEnvironment();
    const pid_t self = ::getpid();
    std::vector<int> pidfds;
    for (int local = 1; local < world.localSize; ++local) {
        const int rank = world.nodeRank * world.localSize + local;
        const Spawned child = spawn(argv, rankEnvironment(world, local, baseEnv), self);
        if (child.pid < 0) {
            std::lock_guard lock(mutex_);
            startError_ = Error{"dist.spawn", std::string("cannot start rank ") + std::to_string(rank) + ": " +
                                                  std::strerror(child.error), {}, 0, 0};
            break;
        }
        {
            std::lock_guard lock(mutex_);
            pids_.push_back(child.pid);
            ranks_.push_back(rank);
        }
        pidfds.push_back(pidfdOpen(child.pid));
        if (child.error != 0) {
            std::lock_guard lock(mutex_);
            startError_ = Error{"dist.spawn", "cannot start rank " + std::to_string(rank) + " (" + argv.front() + "): " +
                                                  std::strerror(child.error), {}, 0, 0};
            break;
        }
    }
    {
        std::lock_guard lock(mutex_);
        started_ = true;
    }
    changed_.notify_all();
    reap(pidfds);
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return stop_; });
}

void LocalWorkers::reap(const std::vector<int>& pidfds)
{
    // Reap each child as it ends; a byte on the wake pipe asks to look at stop_.
    std::vector<bool> done(pidfds.size(), false);
    size_t left = pidfds.size();
    while (left > 0) {
        std::vector<pollfd> fds;
        fds.push_back({wakeFd_[0], POLLIN, 0});
        size_t watched = 0;
        for (size_t i = 0; i < pidfds.size(); ++i)
            if (!done[i] && pidfds[i] >= 0) {
                fds.push_back({pidfds[i], POLLIN, 0});
                ++watched;
            }
        // Without pidfds (an old kernel) poll with a short period instead.
        const bool havePidfd = watched == left;
        const int r = ::poll(fds.data(), fds.size(), havePidfd ? -1 : 100);
        if (r < 0 && errno != EINTR)
            break;
        if (fds[0].revents & POLLIN) {
            char buf[64];
            while (::read(wakeFd_[0], buf, sizeof buf) > 0) {
            }
        }
        for (size_t i = 0; i < pidfds.size(); ++i) {
            if (done[i])
                continue;
            int status = 0;
            const pid_t pid = pids_[i];
            if (::waitpid(pid, &status, WNOHANG) != pid)
                continue;
            done[i] = true;
            --left;
            if (pidfds[i] >= 0)
                ::close(pidfds[i]);
            WorkerExit e;
            e.rank = ranks_[i];
            e.pid = pid;
            e.signaled = WIFSIGNALED(status);
            e.status = e.signaled ? WTERMSIG(status) : WEXITSTATUS(status);
            {
                std::lock_guard lock(mutex_);
                exits_.push_back(e);
            }
            changed_.notify_all();
        }
    }
}

std::vector<WorkerExit> LocalWorkers::finish(std::chrono::milliseconds grace)
{
    std::unique_lock lock(mutex_);
    auto allEnded = [&] { return exits_.size() == pids_.size(); };
    changed_.wait_for(lock, grace, allEnded);
    if (!allEnded()) {
        auto signalLive = [&](int sig) {
            for (size_t i = 0; i < pids_.size(); ++i) {
                bool ended = false;
                for (const WorkerExit& e : exits_)
                    ended = ended || e.pid == pids_[i];
                if (!ended)
                    ::kill(pids_[i], sig);
            }
        };
        signalLive(SIGTERM);
        if (!changed_.wait_for(lock, kTermGrace, allEnded)) {
            signalLive(SIGKILL);
            changed_.wait(lock, allEnded);
        }
    }
    stop_ = true;
    lock.unlock();
    changed_.notify_all();
    if (wakeFd_[1] >= 0)
        (void)!::write(wakeFd_[1], "x", 1);
    if (thread_.joinable())
        thread_.join();
    lock.lock();
    return exits_;
}

}  // namespace ys::dist
