#pragma once
// Tells the user that a long job ended while the studio was not in front: a system-tray message where the
// desktop has a tray, else the taskbar entry asks for attention (QApplication::alert). Jobs shorter than
// kMinSeconds, or ending while the window is active, tell nothing: the user is watching.

#include <QObject>
#include <QString>

class QSystemTrayIcon;
class QWidget;

namespace ys::ui {

class Notifier final : public QObject {
    Q_OBJECT
public:
    static constexpr double kMinSeconds = 60;   // a run this long is one the user may have left

    explicit Notifier(QWidget* window);

    static bool shouldNotify(bool windowActive, double seconds) { return !windowActive && seconds >= kMinSeconds; }
    // Returns true when it told the user (tray message or alert).
    bool notify(const QString& title, const QString& message, bool failed, double seconds);
    int notifications() const { return sent_; }

private:
    QWidget* window_;
    QSystemTrayIcon* tray_ = nullptr;
    int sent_ = 0;
};

}  // namespace ys::ui
