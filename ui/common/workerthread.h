#pragma once
// A QThread owned by a std::unique_ptr whose deleter stops and joins it (qBittorrent's utils/thread.h), so
// a controller that owns a worker thread never destroys it while it runs (STYLE habit 7). The deleter asks
// the event loop to quit and waits: whatever the thread's worker is doing must end by itself first (a
// controller asks its worker to stop before it lets the pointer go).

#include <QThread>

#include <memory>

namespace ys::ui {

struct StoppingThreadDeleter {
    void operator()(QThread* thread) const
    {
        if (!thread)
            return;
        thread->quit();
        thread->wait();
        delete thread;
    }
};

using WorkerThread = std::unique_ptr<QThread, StoppingThreadDeleter>;

}  // namespace ys::ui
