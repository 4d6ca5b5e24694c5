#include "bots/value_shipped.h"

namespace allegra {

const ValueNet& shipped_value_net() {
  static const ValueNet net = ValueNet::parse(shipped_value_text(), "data/value/v1.txt (shipped)");
  return net;
}

}  // namespace allegra
