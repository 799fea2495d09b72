"""The PizzaShop skill's backend, written with the ASK SDK for Python as for Alexa.

It answers the bundled InteractionModels/PizzaShop model: a welcome, orders (the dialog model
collects and confirms them; this backend delegates until the order is complete, counts the
orders of the session in a session attribute and chains each order to its delivery), delivery
(the dialog model asks "delivery or pickup?"; for a delivery this backend asks the time itself
with Dialog.ElicitSlot and confirms it with Dialog.ConfirmSlot), the menu, opening hours, help,
stop and cancel, fallback and the end of the session.

Nothing here knows about SkillNLU: the same code runs behind Alexa.
"""

import logging

from ask_sdk_core.dispatch_components import AbstractExceptionHandler, AbstractRequestHandler
from ask_sdk_core.skill_builder import SkillBuilder
from ask_sdk_core.utils import get_dialog_state, get_slot, is_intent_name, is_request_type
from ask_sdk_model import DialogState, Intent, IntentConfirmationStatus, SlotConfirmationStatus
from ask_sdk_model.dialog import ConfirmSlotDirective, DelegateDirective, ElicitSlotDirective
from ask_sdk_model.slu.entityresolution import StatusCode

logger = logging.getLogger(__name__)

ORDER = "OrderPizzaIntent"
DELIVERY = "ScheduleDeliveryIntent"


def canonical(handler_input, name):
    """The slot's canonical value (its first entity-resolution match), else what was said."""
    slot = get_slot(handler_input, name)
    if slot is None or not slot.value:
        return None
    for authority in (slot.resolutions.resolutions_per_authority if slot.resolutions else None) or []:
        if authority.status.code == StatusCode.ER_SUCCESS_MATCH and authority.values:
            return authority.values[0].value.name
    return slot.value


def current_intent(handler_input):
    return handler_input.request_envelope.request.intent


class LaunchHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_request_type("LaunchRequest")(handler_input)

    def handle(self, handler_input):
        return (handler_input.response_builder
                .speak("Welcome to the pizza shop. What would you like to order?")
                .ask("What would you like to order?")
                .response)


class OrderPizzaHandler(AbstractRequestHandler):
    """Delegates until the dialog model has the whole order, confirmed; then places it."""

    def can_handle(self, handler_input):
        return is_intent_name(ORDER)(handler_input)

    def handle(self, handler_input):
        builder = handler_input.response_builder
        if get_dialog_state(handler_input) != DialogState.COMPLETED:
            return builder.add_directive(DelegateDirective()).response
        if current_intent(handler_input).confirmation_status == IntentConfirmationStatus.DENIED:
            return (builder.speak("Okay, I won't place that order. What else can I do for you?")
                    .ask("What else can I do for you?").response)
        session = handler_input.attributes_manager.session_attributes
        session["orders"] = session.get("orders", 0) + 1
        number = session["orders"]
        quantity = canonical(handler_input, "quantity") or "1"
        summary = "{} {} {} {} on {} crust".format(
            quantity, canonical(handler_input, "size") or "medium", canonical(handler_input, "pizza") or "margherita",
            "pizza" if quantity == "1" else "pizzas", canonical(handler_input, "crust") or "hand tossed")
        session["lastOrder"] = summary
        # Intent chaining: the dialog model goes on with the delivery of this order.
        return (builder.speak("Order {} is placed: {}.".format(number, summary))
                .add_directive(DelegateDirective(updated_intent=Intent(
                    name=DELIVERY, confirmation_status=IntentConfirmationStatus.NONE, slots={})))
                .response)


class ScheduleDeliveryHandler(AbstractRequestHandler):
    """The dialog model asks "delivery or pickup?"; for a delivery the backend asks the time."""

    def can_handle(self, handler_input):
        return is_intent_name(DELIVERY)(handler_input)

    def handle(self, handler_input):
        builder = handler_input.response_builder
        intent = current_intent(handler_input)
        state = get_dialog_state(handler_input)
        time = get_slot(handler_input, "time")
        delivery = canonical(handler_input, "method") == "delivery"
        if state == DialogState.IN_PROGRESS and time is not None and time.value:
            if time.confirmation_status == SlotConfirmationStatus.NONE:
                return (builder.speak("Delivery at {}, is that right?".format(time.value))
                        .ask("Is {} right?".format(time.value))
                        .add_directive(ConfirmSlotDirective(slot_to_confirm="time", updated_intent=intent))
                        .response)
            if time.confirmation_status == SlotConfirmationStatus.DENIED:
                time.value = None
                time.confirmation_status = SlotConfirmationStatus.NONE
                return (builder.speak("Then at what time?").ask("At what time should we deliver it?")
                        .add_directive(ElicitSlotDirective(slot_to_elicit="time", updated_intent=intent))
                        .response)
        if state != DialogState.COMPLETED:
            return builder.add_directive(DelegateDirective()).response
        if delivery and (time is None or not time.value):
            return (builder.speak("At what time should we deliver it?").ask("At what time?")
                    .add_directive(ElicitSlotDirective(slot_to_elicit="time", updated_intent=intent))
                    .response)
        session = handler_input.attributes_manager.session_attributes
        number = session.get("orders", 0)
        if number == 0:
            return (builder.speak("There's no order to deliver yet. What would you like to order?")
                    .ask("What would you like to order?").response)
        if delivery:
            speech = "We'll deliver order {} at {}.".format(number, time.value)
        else:
            speech = "Order {} will be ready for pickup in about twenty minutes.".format(number)
        return builder.speak(speech + " Anything else?").ask("Anything else?").response


class MenuHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_intent_name("MenuIntent")(handler_input)

    def handle(self, handler_input):
        return (handler_input.response_builder
                .speak("We have pepperoni, margherita, hawaiian, veggie and more. What would you like?")
                .ask("What would you like?").response)


class StoreHoursHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_intent_name("StoreHoursIntent")(handler_input)

    def handle(self, handler_input):
        return (handler_input.response_builder.speak("We're open from eleven am to eleven pm every day. Anything else?")
                .ask("Anything else?").response)


class HelpHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_intent_name("AMAZON.HelpIntent")(handler_input)

    def handle(self, handler_input):
        return (handler_input.response_builder
                .speak("You can order a pizza, hear the menu or ask when we're open. What would you like?")
                .ask("What would you like?").response)


class ExitHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_intent_name("AMAZON.StopIntent")(handler_input) or is_intent_name("AMAZON.CancelIntent")(handler_input)

    def handle(self, handler_input):
        orders = handler_input.attributes_manager.session_attributes.get("orders", 0)
        thanks = " Thanks for your {}.".format("order" if orders == 1 else "{} orders".format(orders)) if orders else ""
        return handler_input.response_builder.speak("Goodbye." + thanks).set_should_end_session(True).response


class FallbackHandler(AbstractRequestHandler):
    """AMAZON.FallbackIntent, and any intent this backend does not answer."""

    def can_handle(self, handler_input):
        return is_request_type("IntentRequest")(handler_input)

    def handle(self, handler_input):
        return (handler_input.response_builder
                .speak("Sorry, I can't help with that. You can order a pizza or hear the menu.")
                .ask("What would you like?").response)


class SessionEndedHandler(AbstractRequestHandler):
    def can_handle(self, handler_input):
        return is_request_type("SessionEndedRequest")(handler_input)

    def handle(self, handler_input):
        request = handler_input.request_envelope.request
        logger.info("session ended: %s %s", request.reason, request.error)
        return handler_input.response_builder.response


class ApologizingExceptionHandler(AbstractExceptionHandler):
    def can_handle(self, handler_input, exception):
        return True

    def handle(self, handler_input, exception):
        logger.error(exception, exc_info=True)
        return (handler_input.response_builder.speak("Sorry, something went wrong. Please try again.")
                .ask("What would you like?").response)


def build_skill():
    """The skill, ready for a webservice handler or a Lambda handler."""
    builder = SkillBuilder()
    for handler in (LaunchHandler(), OrderPizzaHandler(), ScheduleDeliveryHandler(), MenuHandler(), StoreHoursHandler(),
                    HelpHandler(), ExitHandler(), SessionEndedHandler(), FallbackHandler()):
        builder.add_request_handler(handler)
    builder.add_exception_handler(ApologizingExceptionHandler())
    return builder.create()
