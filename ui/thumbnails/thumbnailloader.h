#pragma once
// Decodes thumbnails on its own QThreadPool at reduced size (QImageReader::setScaledSize, which lets the
// JPEG decoder scale in the DCT) and keeps them in a bounded cache. Work is keyed by image path, never by
// a model row, so filtering or re-sorting cannot attach a thumbnail to the wrong image.
//
// Threads: every public function is GUI-thread only. Pool threads produce QImage; the QPixmap is made on
// the GUI thread when the result arrives.

#include <QCache>
#include <QHash>
#include <QImage>
#include <QObject>
#include <QPixmap>
#include <QSet>
#include <QSize>
#include <QStringList>
#include <QThreadPool>

#include <deque>

namespace ys::ui {

class ThumbnailLoader final : public QObject {
    Q_OBJECT
public:
    // `size`: the box a thumbnail fits in, in device pixels.
    explicit ThumbnailLoader(QSize size, QObject* parent = nullptr);
    ~ThumbnailLoader() override;  // drops queued work and waits for running decodes

    // Replaces the wanted list, most important first (visible rows, then the rows around them). Paths that
    // are cached or decoding are skipped; queued paths missing from the new list are dropped.
    void request(const QStringList& paths);
    // The cached thumbnail, or a null pixmap when it is not (yet) decoded.
    QPixmap thumbnail(const QString& path) const;
    // True when decoding `path` failed (not an image, truncated beyond repair).
    bool failed(const QString& path) const { return failed_.contains(path); }
    // Drops cache, queue and failures (a new dataset); running decodes finish and are discarded.
    void clear();

    // Cache bound in bytes (default 64 MiB, about 800 thumbnails of 160x120).
    void setCacheLimit(qint64 bytes);
    int cachedCount() const { return cache_.count(); }
    int queuedCount() const { return static_cast<int>(queue_.size()); }
    int inFlightCount() const { return static_cast<int>(inFlight_.size()); }
    qint64 decodedTotal() const { return decodedTotal_; }

signals:
    // A thumbnail is now in the cache (or `path` failed to decode).
    void thumbnailReady(const QString& path);

private:
    void pump();
    void finished(const QString& path, const QImage& image, quint64 generation);

    QSize size_;
    QThreadPool pool_;
    int maxInFlight_ = 4;
    mutable QCache<QString, QPixmap> cache_;  // cost in KiB
    std::deque<QString> queue_;
    QSet<QString> queued_;
    QSet<QString> inFlight_;
    QSet<QString> failed_;
    quint64 generation_ = 0;
    qint64 decodedTotal_ = 0;
};

}  // namespace ys::ui
