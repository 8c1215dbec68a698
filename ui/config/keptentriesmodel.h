#pragma once
// The entries of a loaded settings file that YOLO Studio does not use (ys::ConfigFile::unknownKeys()):
// key, value as written, line. They are kept when the file is saved again; this table shows which.

#include "common/configfile.h"

#include <QAbstractTableModel>

#include <vector>

namespace ys::ui {

class KeptEntriesModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Key, Value, Line, ColumnCount };

    explicit KeptEntriesModel(QObject* parent = nullptr);

    void setEntries(std::vector<ys::ConfigFileEntry> entries);
    const std::vector<ys::ConfigFileEntry>& entries() const { return entries_; }
    // Tells views the (translated) headers changed; the owning widget calls it on LanguageChange.
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<ys::ConfigFileEntry> entries_;
};

}  // namespace ys::ui
