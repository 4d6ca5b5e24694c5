// SharedText: one outgoing frame's text, serialised once and shared by every recipient of a
// broadcast (the server's transport queues the pointer per connection), so a table of four
// players costs one serialisation per change.
#pragma once

#include <memory>
#include <string>

namespace allegra::wire {

using SharedText = std::shared_ptr<const std::string>;

}  // namespace allegra::wire
